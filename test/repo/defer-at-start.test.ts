// The rewrite of ncc's output that defers node:assert and undici's HTTP/2 client to their first use,
// run on a small module table of the same shape as ncc's and evaluated as an ES module.
import type nodeAssert from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { checkH2ClientExport, deferAtStart, deferInSource } from '../../scripts/defer-at-start.mjs';

interface Deferred {
  text: string;
  assert: number;
  h2: number;
}

const rewrite = deferInSource as (source: string, h2ClientId: string | undefined) => Deferred;
const checkExport = checkH2ClientExport as (exported: unknown) => void;
const deferFiles = deferAtStart as (
  outDir: string,
  statsFile: string,
  required: boolean,
  root: string,
) => void;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const H2_CLIENT = './node_modules/undici/lib/dispatcher/client-h2.js';

// Module 11 stands for the HTTP/2 client (counts its evaluations, exports a function); 22 is ncc's
// external for node:assert; the entry hands both out.
const BUNDLE = [
  'import{createRequire as A}from"module";',
  'globalThis.evaluations=0;',
  'var e={11:(A,e,t)=>{globalThis.evaluations++;A.exports=function connect(x){return x*2}},',
  '22:e=>{e.exports=A(import.meta.url)("node:assert")}};',
  'var t={};function r(A){var n=t[A];if(n!==undefined){return n.exports}var i=t[A]={exports:{}};',
  'e[A](i,i.exports,r);return i.exports}',
  'export const connect=r(11);export const assert=r(22);',
].join('');

const dir = mkdtempSync(join(tmpdir(), 'ci-run-defer-'));
let loads = 0;

/** The rewritten table as a module file of its own (a fresh one each time, so it is evaluated anew). */
async function load(text: string): Promise<{ connect: (x: number) => number; assert: typeof nodeAssert }> {
  const file = join(dir, `bundle-${loads++}.mjs`);
  writeFileSync(file, text);
  return import(pathToFileURL(file).href);
}

describe('deferring at start-up', () => {
  it('rewrites the assert external and the HTTP/2 client once each', () => {
    const { assert, h2 } = rewrite(BUNDLE, '11');
    expect([assert, h2]).toEqual([1, 1]);
    expect(rewrite(BUNDLE, undefined).h2).toBe(0);
  });

  it("evaluates the HTTP/2 client's module at its first call, once", async () => {
    const module = await load(rewrite(BUNDLE, '11').text);
    expect((globalThis as { evaluations?: number }).evaluations).toBe(0);
    expect(module.connect(2)).toBe(4);
    expect(module.connect(5)).toBe(10);
    expect((globalThis as { evaluations?: number }).evaluations).toBe(1);
  });

  it('keeps node:assert as it was: a holding check passes, a failing one throws, the rest is there', async () => {
    const { assert } = await load(rewrite(BUNDLE, '11').text);
    expect(assert(true)).toBeUndefined();
    expect(assert(1, 'message')).toBeUndefined();
    expect(() => assert(false, 'the check failed')).toThrow(/the check failed/);
    expect(() => assert(0)).toThrow(expect.objectContaining({ code: 'ERR_ASSERTION' }));
    expect(() => assert.strictEqual(1, 2)).toThrow(assert.AssertionError);
    expect('deepStrictEqual' in assert).toBe(true);
  });
});

describe('a change upstream that would break a rewrite', () => {
  /** One built target: the bundle as `index.js` and ncc's stats naming module 11 as the HTTP/2 client. */
  function target(bundle: string): { outDir: string; stats: string } {
    const outDir = mkdtempSync(join(dir, 'target-'));
    writeFileSync(join(outDir, 'index.js'), bundle);
    const stats = join(outDir, 'stats.json');
    writeFileSync(stats, JSON.stringify({ modules: [{ id: 11, name: H2_CLIENT }] }));
    return { outDir, stats };
  }

  it("passes undici's HTTP/2 client as it is: one function", () => {
    const { outDir, stats } = target(BUNDLE);
    expect(() => deferFiles(outDir, stats, true, ROOT)).not.toThrow();
  });

  it("fails the build when undici's HTTP/2 client exports another shape", () => {
    expect(() => checkExport({ connectH2: () => undefined })).toThrow(/exports object, not one function/);
    expect(() => checkExport(Object.assign(() => undefined, { kHttp2: 1 }))).toThrow(
      /a function with kHttp2/,
    );
    expect(() => checkExport(undefined)).toThrow(/not one function/);
    expect(() => checkExport(function connectH2() {})).not.toThrow();
  });

  it("fails the build when ncc's output keeps the HTTP/2 client's factory in another shape", () => {
    // A factory written as a method, which the rewrite does not recognise.
    const { outDir, stats } = target(BUNDLE.replace('11:(A,e,t)=>{', '11(A,e,t){'));
    expect(() => deferFiles(outDir, stats, true, ROOT)).toThrow(/deferred 1 and 0/);
  });

  it("fails the build when ncc's output loads node:assert in another shape", () => {
    const { outDir, stats } = target(
      BUNDLE.replace('A(import.meta.url)("node:assert")', 'require("node:assert")'),
    );
    expect(() => deferFiles(outDir, stats, true, ROOT)).toThrow(/deferred 0 and 1/);
  });
});
