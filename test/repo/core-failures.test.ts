// The core acts on what a failure means, never on how the client represents it: from src/api/errors.ts it
// takes only `failureOf`/`describeFailure` and types, and no error class of a failed call appears in it.
// `RequestValidationError` is the rule of a request not sent (the settings check the base URL with it).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT_ERRORS = /\b(ApiError|TriggerOutcomeUnknownError|ContractError)\b/;
const ALLOWED_VALUES = new Set(['failureOf', 'describeFailure', 'RequestValidationError']);

const coreFiles = readdirSync(join(ROOT, 'src/core'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join('src/core', name));

/** Code without comments, so that a comment may still name the client's classes. */
function codeOf(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('failures in the core', () => {
  it('checks the whole core', () => {
    expect(coreFiles.length).toBeGreaterThan(50);
  });

  it('names no error class of the client', () => {
    const naming = coreFiles.filter((file) => CLIENT_ERRORS.test(codeOf(file)));
    expect(naming).toEqual([]);
  });

  it('takes only the failure words and types from the client errors module', () => {
    const wrong: string[] = [];
    for (const file of coreFiles) {
      for (const match of codeOf(file).matchAll(
        /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'[./]*\/api\/errors\.ts'/g,
      )) {
        if (match[1]) continue;
        for (const name of match[2]!
          .split(',')
          .map((each) => each.trim())
          .filter(Boolean)) {
          if (!name.startsWith('type ') && !ALLOWED_VALUES.has(name)) wrong.push(`${file}: ${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
