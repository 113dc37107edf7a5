// The main entry's module factories in parentheses (compiled with the file), on a module table of
// ncc's shape: every code factory wrapped, one holding only a large string left as it was, and the
// source otherwise unchanged.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { eagerFactories, wrapFactories } from '../../scripts/eager-factories.mjs';

const wrap = wrapFactories as (source: string) => { text: string; wrapped: number };
const wrapFile = eagerFactories as (file: string) => void;

const DATA = 'QUJD'.repeat(2000);
const BUNDLE =
  'import{createRequire as A}from"module";var e={' +
  '1:(A,e,t)=>{A.exports={answer:t(2)()*2}},' +
  `2:function(A){A.exports=()=>21},3:A=>{A.exports="${DATA}"},"4:at-first-call":A=>{A.exports=0}` +
  '};var t={};function r(A){return e[A](t[A]={exports:{}},t[A].exports,r),t[A].exports}';

describe('eager factories', () => {
  it('wraps each code factory once and leaves a data factory and a deferred one alone', () => {
    const { text, wrapped } = wrap(BUNDLE);
    expect(wrapped).toBe(2);
    expect(text).toContain('1:((A,e,t)=>{A.exports={answer:t(2)()*2}})');
    expect(text).toContain('2:(function(A){A.exports=()=>21})');
    expect(text).toContain(`3:A=>{A.exports="${DATA}"}`);
    expect(text).toContain('"4:at-first-call":A=>{A.exports=0}');
    expect(text.replaceAll(/[()]/g, '')).toBe(BUNDLE.replaceAll(/[()]/g, ''));
  });

  it('changes no behaviour', () => {
    const run = (source: string) =>
      new Function(`${source.replace(/^import[^;]*;/, '')};return r(1).answer`)() as number;
    expect(run(wrap(BUNDLE).text)).toBe(run(BUNDLE));
    expect(run(wrap(BUNDLE).text)).toBe(42);
  });

  it("fails the build when ncc's output keeps its factories in another shape", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ci-run-eager-')), 'index.js');
    // The factories in an array rather than an object.
    writeFileSync(
      file,
      BUNDLE.replace('var e={', 'var e=[')
        .replace('};var t', '];var t')
        .replace(/\d:|"4:at-first-call":/g, ''),
    );
    expect(() => wrapFile(file)).toThrow(/no module factories found/);
  });
});
