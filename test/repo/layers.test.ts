// The "knows about" column of docs/design.md, held: what each layer may import. The core knows the API's
// types and its error vocabulary (plus the rules for the values it checks itself: ids, URLs, the base URL,
// loopback hosts), never @actions/*, the GitHub reports or the action; the report layouts import no sink
// or flow value.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Values the core may take from src/api: the error vocabulary and the value rules it checks itself. */
const API_VALUES_FOR_CORE = new Set([
  'src/api/types.ts',
  'src/api/errors.ts',
  'src/api/ids.ts',
  'src/api/urls.ts',
  'src/api/base-url.ts',
  'src/api/proxy.ts',
  // Whether a text cut at parse is one the core sent: the lost-trigger search compares them.
  'src/api/remote-text.ts',
]);

interface Import {
  file: string;
  /** Relative to the repository for a relative specifier, else the package name as written. */
  target: string;
  typeOnly: boolean;
  /** `import('…')`. */
  dynamic: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'|import\('([^']+)'\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[4] ?? match[5]!;
    const names = match[3] ?? '';
    const braces = /^\{([\s\S]*)\}$/.exec(names.trim());
    const everyNameIsType =
      braces !== null &&
      braces[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    const typeOnly = match[5] === undefined && (match[2] !== undefined || everyNameIsType);
    const target = specifier.startsWith('.')
      ? relative(ROOT, resolve(join(ROOT, dirname(file)), specifier))
      : specifier;
    found.push({ file, target, typeOnly, dynamic: match[5] !== undefined });
  }
  return found;
}

const core = filesUnder('src/core').flatMap(importsOf);

describe('the layers', () => {
  it('finds the imports it checks', () => {
    expect(core.length).toBeGreaterThan(100);
    expect(core.some((each) => each.target === 'src/api/errors.ts' && !each.typeOnly)).toBe(true);
  });

  it('src/core imports nothing of @actions/*, the GitHub reports or the action', () => {
    const wrong = core.filter(
      ({ target }) =>
        target.startsWith('@actions/') ||
        target.startsWith('@octokit/') ||
        target.startsWith('src/github/') ||
        target.startsWith('src/action/') ||
        target.startsWith('src/cli/'),
    );
    expect(wrong).toEqual([]);
  });

  it('src/core takes only types, the error vocabulary and the value rules from src/api', () => {
    const wrong = core.filter(
      ({ target, typeOnly }) =>
        target.startsWith('src/api/') && !typeOnly && !API_VALUES_FOR_CORE.has(target),
    );
    expect(wrong).toEqual([]);
  });

  it('src/core/report imports no value of a sink or of the flow', () => {
    const wrong = filesUnder('src/core/report')
      .flatMap(importsOf)
      .filter(
        ({ target, typeOnly }) =>
          !typeOnly && (target.startsWith('src/core/sinks/') || target.startsWith('src/core/flow/')),
      );
    expect(wrong).toEqual([]);
  });

  it('src/artifacts knows node:*, tar, src/text and the types of the core port it fills only, and nothing outside it imports it but by a dynamic import', () => {
    const artifacts = filesUnder('src/artifacts').flatMap(importsOf);
    expect(artifacts.length).toBeGreaterThan(10);
    const wrong = artifacts.filter(
      ({ target, typeOnly }) =>
        !(typeOnly && target.startsWith('src/core/')) &&
        !target.startsWith('node:') &&
        !target.startsWith('tar/') &&
        !target.startsWith('src/text/') &&
        !target.startsWith('src/artifacts/'),
    );
    expect(wrong).toEqual([]);
    const staticImporters = filesUnder('src')
      .filter((file) => !file.startsWith('src/artifacts/'))
      .flatMap(importsOf)
      .filter(
        ({ target, typeOnly, dynamic }) => target.startsWith('src/artifacts/') && !typeOnly && !dynamic,
      );
    expect(staticImporters).toEqual([]);
  });

  it('src/test-reports knows saxes, src/text and the types of the core only, and nothing outside it imports it but by a dynamic import', () => {
    const reports = filesUnder('src/test-reports').flatMap(importsOf);
    expect(reports.some(({ target }) => target === 'saxes')).toBe(true);
    const wrong = reports.filter(
      ({ target, typeOnly }) =>
        !(typeOnly && target.startsWith('src/core/')) &&
        target !== 'saxes' &&
        !target.startsWith('src/text/') &&
        !target.startsWith('src/test-reports/'),
    );
    expect(wrong).toEqual([]);
    const staticImporters = filesUnder('src')
      .filter((file) => !file.startsWith('src/test-reports/'))
      .flatMap(importsOf)
      .filter(
        ({ target, typeOnly, dynamic }) =>
          (target.startsWith('src/test-reports/') || target === 'saxes') && !typeOnly && !dynamic,
      );
    expect(staticImporters).toEqual([]);
  });
});
