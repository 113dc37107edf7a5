// Parts of the bundle that undici evaluates when it loads but that no request over HTTP/1.1 needs,
// rewritten in ncc's output so that they load at first use (docs/design.md, "Start-up: what loads when").
//
// - `node:assert`: every undici module requires it at load, and loading it costs about as much as
//   evaluating undici's client; undici only ever calls `assert(value)`. The stand-in returns at once
//   when the value holds and hands every other use (a failing check, `assert.strictEqual`, …) to the
//   real module, loaded then.
// - undici's HTTP/2 client (`dispatcher/client-h2.js`), which requires `node:http2` (and with it `tls`
//   and `crypto`) at load: its one export is the function a client calls when a server agrees to
//   HTTP/2. The stand-in is a function that evaluates the module on its first call.
//
// Each rewrite stays only because a change upstream that would break it breaks the build instead:
// - both must apply to the main entry exactly once, so ncc's output in another shape fails the build
//   rather than quietly starting slower;
// - the HTTP/2 stand-in is a function that calls the module's export, which holds only while undici's
//   `client-h2.js` exports one function and nothing else: the build loads the module and fails when its
//   export has another shape (an object of functions, a function with properties), rather than leaving a
//   stand-in that breaks HTTP/2 over TLS alone;
// - the assert stand-in hands everything but a holding `assert(value)` to the real module, so no use
//   undici makes of it can break; a use that loads it early shows in test/action/start-up.e2e.test.ts.
// test/repo/defer-at-start.test.ts feeds each changed shape and sees the build fail.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const H2_CLIENT = './node_modules/undici/lib/dispatcher/client-h2.js';

/** How the key of a factory kept for its first call ends. */
export const DEFERRED_KEY_END = ':at-first-call';

/** ncc's external for a builtin: `<module>.exports=<createRequire>(import.meta.url)("node:assert")`. */
const ASSERT_EXTERNAL =
  /([A-Za-z_$][\w$]*)\.exports=([A-Za-z_$][\w$]*)\(import\.meta\.url\)\("node:assert"\)/g;

/** The module id ncc gave a source file, from its stats. */
function moduleId(stats, path) {
  const found = stats.modules.find((module) => module.name === path);
  return found === undefined ? undefined : String(found.id);
}

/** The export of undici's HTTP/2 client as the stand-in needs it: one function, with nothing on it. */
export function checkH2ClientExport(exported) {
  const extra =
    typeof exported === 'function'
      ? Object.getOwnPropertyNames(exported).filter((name) => !['length', 'name', 'prototype'].includes(name))
      : [];
  if (typeof exported !== 'function' || extra.length > 0) {
    const shape = typeof exported === 'function' ? `a function with ${extra.join(', ')}` : typeof exported;
    throw new Error(
      `${H2_CLIENT} exports ${shape}, not one function: the stand-in that defers it would break HTTP/2; ` +
        'update scripts/defer-at-start.mjs',
    );
  }
}

/** Rewrites one output file; says which of the two rewrites it made. */
export function deferInSource(source, h2ClientId) {
  let assert = 0;
  let text = source.replace(ASSERT_EXTERNAL, (_, module, createRequire) => {
    assert++;
    const load = `${createRequire}(import.meta.url)("node:assert")`;
    return (
      `${module}.exports=(()=>{let real;const load=()=>real??=${load};` +
      `return new Proxy((value,...rest)=>{if(!value)load()(value,...rest)},` +
      `{get:(_,key)=>Reflect.get(load(),key),has:(_,key)=>Reflect.has(load(),key)})})()`
    );
  });
  let h2 = 0;
  if (h2ClientId !== undefined) {
    // The module keeps its factory under another key; its id now names a factory whose export
    // evaluates it on the first call.
    const key = new RegExp(`([,{])${h2ClientId}:(?=\\(|[A-Za-z_$][\\w$]*=>|function)`, 'g');
    const realKey = `"${h2ClientId}${DEFERRED_KEY_END}"`;
    text = text.replace(key, (_, before) => {
      h2++;
      return (
        `${before}${h2ClientId}:(module,exports,load)=>{let real;` +
        `module.exports=function(...args){return(real??=load(${realKey}))(...args)}},${realKey}:`
      );
    });
  }
  return { text, assert, h2 };
}

/** Applies both rewrites to every file of one built target, built from `root`; `required` makes both mandatory. */
export function deferAtStart(outDir, statsFile, required, root) {
  const h2ClientId = moduleId(JSON.parse(readFileSync(statsFile, 'utf8')), H2_CLIENT);
  if (h2ClientId !== undefined) checkH2ClientExport(createRequire(import.meta.url)(resolve(root, H2_CLIENT)));
  const made = { assert: 0, h2: 0 };
  for (const name of readdirSync(outDir).filter((file) => file.endsWith('.js'))) {
    const path = join(outDir, name);
    const { text, assert, h2 } = deferInSource(readFileSync(path, 'utf8'), h2ClientId);
    if (assert + h2 === 0) continue;
    writeFileSync(path, text);
    made.assert += assert;
    made.h2 += h2;
  }
  if (required && (made.assert !== 1 || made.h2 !== 1)) {
    throw new Error(
      `${outDir}: expected to defer node:assert and undici's HTTP/2 client once each, ` +
        `deferred ${made.assert} and ${made.h2}; has ncc's output changed shape?`,
    );
  }
}
