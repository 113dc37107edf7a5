// The main entry's module factories, wrapped in parentheses so that V8 compiles them with the file.
//
// V8 compiles a function lazily: when it loads a file it only pre-parses each function, and parses it
// again, in full, on its first call. ncc's output is one object of module factories, and nearly every
// factory in the main entry's file runs before its first request (the action itself, undici's client),
// so each is parsed twice on the way to that request. V8 compiles a function expression in parentheses
// along with the file instead, which saves the pre-parse: measured, about a tenth of the spawn → first
// request time (docs/benchmarks.md, cold start). Factories that only hold a large string (undici's
// WebAssembly parsers, of which one is used) stay lazy, and so does a module deferred to its first call
// (scripts/defer-at-start.mjs). The wrapping changes no behaviour.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'acorn';
import { DEFERRED_KEY_END } from './defer-at-start.mjs';

/** A factory whose source holds a string literal this long is data, not code to compile early. */
const DATA_LITERAL = /["'`][A-Za-z0-9+/=]{5000,}["'`]/;

/** The factories object: ncc's output starts with its createRequire import, then `var e={…}`. */
function factoriesOf(program) {
  const declaration = program.body.find(
    (node) => node.type === 'VariableDeclaration' && node.declarations[0]?.init?.type === 'ObjectExpression',
  );
  return declaration?.declarations[0].init.properties ?? [];
}

/** The source with every code factory of its module object in parentheses, and how many. */
export function wrapFactories(source) {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const spans = factoriesOf(program)
    .filter((property) => !String(property.key.value ?? property.key.name).endsWith(DEFERRED_KEY_END))
    .map((property) => property.value)
    .filter((value) => value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression')
    .filter((value) => !DATA_LITERAL.test(source.slice(value.start, value.end)));
  let text = '';
  let from = 0;
  for (const { start, end } of spans) {
    text += `${source.slice(from, start)}(${source.slice(start, end)})`;
    from = end;
  }
  return { text: text + source.slice(from), wrapped: spans.length };
}

/** Wraps the factories of one entry file; fails if it found none (ncc's output changed shape). */
export function eagerFactories(file) {
  const { text, wrapped } = wrapFactories(readFileSync(file, 'utf8'));
  if (wrapped === 0) throw new Error(`${file}: no module factories found; has ncc's output changed shape?`);
  writeFileSync(file, text);
}
