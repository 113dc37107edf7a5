// A step that asks for no artifacts loads none of their code: the artifacts sink and the extraction layer
// (with `tar`) are chunks of their own, which the main entry reaches only through a dynamic import.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Marks of each deferred part, found in its chunk and nowhere in the entry. */
const MARKS = {
  'the extraction layer': '.ci-run-partial-',
  'the artifacts sink': 'entries of ${',
};

describe('the main entry without artifacts', () => {
  it('holds neither the artifacts sink nor the extraction layer, which are chunks of their own', async () => {
    await ensureBundle();
    const entry = readFileSync(join(DIST, 'index.js'), 'utf8');
    const chunks = readdirSync(DIST).filter((name) => /^\d+\.index\.js$/.test(name));
    for (const [part, mark] of Object.entries(MARKS)) {
      expect(entry.includes(mark), part).toBe(false);
      expect(
        chunks.some((name) => readFileSync(join(DIST, name), 'utf8').includes(mark)),
        part,
      ).toBe(true);
    }
  });
});
