// The "knows about" column of docs/design.md's module table, held: the rules are read from the table, so
// the page and the imports cannot drift apart. Each row names its modules (the first path in full, the
// next ones beside it) and what they may import: module paths (a folder ends with `/`, `*` ends a prefix),
// packages and `node:` builtins, and after `types of` what they may import for its types only. A module
// belongs to the row that names it most closely and may import the rest of its row.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CHECKED = ['src', 'tools'];

/** The table's order: the layers from the bottom up, then the emulator and the tools, apart. */
const LAYER_ORDER = [
  ['src/text/', 'src/time.ts'],
  ['src/spec/', 'src/api/'],
  ['src/core/'],
  ['src/github/', 'src/artifacts/', 'src/test-reports/'],
  ['src/runtime/', 'src/action/', 'src/cli/'],
  ['src/emulator/', 'tools/'],
];

interface Row {
  /** As written in the table's first column, for the failures' text. */
  name: string;
  modules: string[];
  knows: string[];
  knowsTypes: string[];
}

interface Import {
  file: string;
  /** Relative to the repository for a relative specifier, else the package name as written. */
  target: string;
  typeOnly: boolean;
  /** `import('…')`. */
  dynamic: boolean;
}

const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

function modulesOf(cell: string): string[] {
  const [first, ...rest] = codeSpans(cell);
  if (first === undefined) throw new Error(`a row of the module table names no module: ${cell}`);
  const folder = first.endsWith('/') ? first : `${dirname(first)}/`;
  return [
    first,
    ...rest.map((path) => (CHECKED.some((top) => path.startsWith(`${top}/`)) ? path : folder + path)),
  ];
}

function readTable(): Row[] {
  const design = readFileSync(join(ROOT, 'docs/design.md'), 'utf8');
  const section = design.split(/^## Modules$/m)[1]!.split(/^## /m)[0]!;
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) => {
    const [name, , knows] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const clauses = knows!.split(';').map((clause) => clause.trim());
    return {
      name: name!,
      modules: modulesOf(name!),
      knows: clauses.filter((clause) => !clause.startsWith('types of')).flatMap(codeSpans),
      knowsTypes: clauses.filter((clause) => clause.startsWith('types of')).flatMap(codeSpans),
    };
  });
}

/** A folder (`src/core/`), a prefix (`src/core/settings*`), a package with its subpaths, or one file. */
function covers(pattern: string, target: string): boolean {
  if (pattern.endsWith('*')) return target.startsWith(pattern.slice(0, -1));
  if (pattern.endsWith('/')) return target.startsWith(pattern);
  return target === pattern || target.startsWith(`${pattern}/`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'|import\('([^']+)'\)/g;

/** `./x.js` names `x.ts` when that is what exists. */
function sourcePath(file: string, specifier: string): string {
  const path = relative(ROOT, resolve(join(ROOT, dirname(file)), specifier));
  const asTs = path.replace(/\.js$/, '.ts');
  return asTs !== path && existsSync(join(ROOT, asTs)) ? asTs : path;
}

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
    const target = specifier.startsWith('.') ? sourcePath(file, specifier) : specifier;
    found.push({ file, target, typeOnly, dynamic: match[5] !== undefined });
  }
  return found;
}

const rows = readTable();
const files = CHECKED.flatMap(filesUnder);

/** The row that names the file most closely: a file before its folder, a folder before its parent. */
function rowOf(file: string): Row | undefined {
  let best: { row: Row; length: number } | undefined;
  for (const row of rows) {
    for (const pattern of row.modules) {
      if (covers(pattern, file) && pattern.length > (best?.length ?? -1))
        best = { row, length: pattern.length };
    }
  }
  return best?.row;
}

const owned = files.map((file) => ({ file, row: rowOf(file) }));
const imports = files.flatMap(importsOf);

function allowed({ file, target, typeOnly }: Import): boolean {
  const row = rowOf(file);
  if (row === undefined) return true; // said by the test that gives every module a row
  const own = rowOf(target) === row;
  return (
    own ||
    row.knows.some((pattern) => covers(pattern, target)) ||
    (typeOnly && row.knowsTypes.some((pattern) => covers(pattern, target)))
  );
}

describe('the module table of docs/design.md', () => {
  it('is read, with the imports it checks', () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.some((each) => each.target === 'src/text/safety.ts' && !each.typeOnly)).toBe(true);
  });

  it('gives every module of src/ and tools/ a row', () => {
    expect(owned.filter(({ row }) => row === undefined).map(({ file }) => file)).toEqual([]);
  });

  it('names no module twice and none that is not there', () => {
    const patterns = rows.flatMap((row) => row.modules);
    expect(patterns.filter((pattern, index) => patterns.indexOf(pattern) !== index)).toEqual([]);
    expect(patterns.filter((pattern) => !files.some((file) => covers(pattern, file)))).toEqual([]);
  });

  it('is in the order of the layers', () => {
    const layerOf = (row: Row) =>
      LAYER_ORDER.findIndex((layer) => layer.some((pattern) => covers(pattern, row.modules[0]!)));
    const layers = rows.map(layerOf);
    expect(layers.filter((layer) => layer < 0)).toEqual([]);
    const outOfOrder = rows.filter((row, index) => index > 0 && layers[index]! < layers[index - 1]!);
    expect(outOfOrder.map((row) => row.name)).toEqual([]);
  });

  it('allows every import a module makes', () => {
    const wrong = imports
      .filter((each) => !allowed(each))
      .map(({ file, target, typeOnly }) => `${file} → ${target}${typeOnly ? ' (types)' : ''}`);
    expect(wrong).toEqual([]);
  });

  it('lists nothing its modules do not import', () => {
    const unused = rows.flatMap((row) => {
      const mine = imports.filter((each) => rowOf(each.file) === row);
      const values = row.knows.filter(
        (pattern) => !mine.some((each) => !each.typeOnly && covers(pattern, each.target)),
      );
      const types = row.knowsTypes.filter((pattern) => !mine.some((each) => covers(pattern, each.target)));
      return [...values, ...types].map((pattern) => `${row.name}: ${pattern}`);
    });
    expect(unused).toEqual([]);
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

  it('src/test-reports knows saxes, src/text, the core’s globs and the core’s types only, and nothing outside it imports it but by a dynamic import', () => {
    const reports = filesUnder('src/test-reports').flatMap(importsOf);
    expect(reports.some(({ target }) => target === 'saxes')).toBe(true);
    const wrong = reports.filter(
      ({ target, typeOnly }) =>
        !(typeOnly && target.startsWith('src/core/')) &&
        target !== 'src/core/glob.ts' &&
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
