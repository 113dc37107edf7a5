// Each hostile entry a server could put in an archive, built byte by byte, next to one good file: the
// entry is skipped and counted under its reason, the good file is written, and afterwards nothing is
// outside the root, nothing partial is left and no link exists.
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkipReason } from '../../src/artifacts/entry-rules.ts';
import { storeArchive } from '../../src/artifacts/store.ts';
import { expectSafe, makeSandbox, type Sandbox, treeOf } from './sandbox.ts';
import { chunksOf, type RawEntry, tarGz } from './tar-builder.ts';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.remove());

async function store(entries: RawEntry[]) {
  return storeArchive(chunksOf(tarGz(entries), 700), {
    root: sandbox.root,
    folder: '1-build',
    maxBytes: 1e9,
  });
}

const GOOD: RawEntry = { name: 'good.txt', body: 'good' };

const CASES: Array<[string, SkipReason, RawEntry]> = [
  ['an absolute path', 'absolute', { name: '/tmp/ci-run-escape-test/evil', body: 'x' }],
  ['an absolute folder', 'absolute', { name: '/tmp/ci-run-escape-test/', type: '5' }],
  ['`..` at the start', 'dot-dot', { name: '../outside/evil', body: 'x' }],
  ['`..` in the middle', 'dot-dot', { name: 'a/../../outside/evil', body: 'x' }],
  ['`..` alone', 'dot-dot', { name: '..', type: '5' }],
  ['`..` in a pax header', 'dot-dot', { name: 'benign.txt', paxPath: '../outside/evil', body: 'x' }],
  [
    'an absolute path in a pax header',
    'absolute',
    { name: 'benign.txt', paxPath: '/tmp/ci-run-escape-test/e', body: 'x' },
  ],
  [
    '`..` in a GNU long name',
    'dot-dot',
    { name: 'benign.txt', gnuLongName: `../${'x'.repeat(120)}`, body: 'x' },
  ],
  ['a drive letter', 'drive-letter', { name: 'C:/evil', body: 'x' }],
  ['a drive-relative name', 'drive-letter', { name: 'c:evil', body: 'x' }],
  ['a backslash `..`', 'backslash', { name: '..\\outside\\evil', body: 'x' }],
  ['a backslash inside', 'backslash', { name: 'a\\b', body: 'x' }],
  ['CON', 'reserved-name', { name: 'CON', body: 'x' }],
  ['nul.txt', 'reserved-name', { name: 'dir/nul.txt', body: 'x' }],
  ['COM1 with an extension', 'reserved-name', { name: 'com1.log', body: 'x' }],
  ['LPT9', 'reserved-name', { name: 'Lpt9', body: 'x' }],
  ['a folder named AUX', 'reserved-name', { name: 'aux/file', body: 'x' }],
  ['a trailing dot', 'trailing-dot-or-space', { name: 'name.', body: 'x' }],
  ['a trailing space', 'trailing-dot-or-space', { name: 'name ', body: 'x' }],
  ['a folder with a trailing dot', 'trailing-dot-or-space', { name: 'dir./file', body: 'x' }],
  ['`:`', 'forbidden-character', { name: 'ab:c', body: 'x' }],
  ['`<`', 'forbidden-character', { name: 'a<b', body: 'x' }],
  ['`>`', 'forbidden-character', { name: 'a>b', body: 'x' }],
  ['`"`', 'forbidden-character', { name: 'a"b', body: 'x' }],
  ['`|`', 'forbidden-character', { name: 'a|b', body: 'x' }],
  ['`?`', 'forbidden-character', { name: 'a?b', body: 'x' }],
  ['`*`', 'forbidden-character', { name: 'a*b', body: 'x' }],
  ['a C0 control', 'control-character', { name: 'a\u0001b', body: 'x' }],
  ['a line break', 'control-character', { name: 'a\nb', body: 'x' }],
  ['an escape sequence', 'control-character', { name: 'a\u001b[31mb', body: 'x' }],
  ['DEL', 'control-character', { name: 'a\u007fb', body: 'x' }],
  ['a C1 control', 'control-character', { name: 'a\u009bb', body: 'x' }],
  ['a segment of 256 bytes', 'segment-too-long', { name: 'x'.repeat(256), body: 'x' }],
  ['a segment of 128 two-byte characters', 'segment-too-long', { name: 'é'.repeat(128), body: 'x' }],
  [
    'a path of 1,025 bytes',
    'path-too-long',
    { name: `${'d'.repeat(200)}/`.repeat(5) + 'f'.repeat(20), body: 'x' },
  ],
  ['invalid UTF-8', 'not-utf8', { name: Buffer.from([0x66, 0xff, 0xfe, 0x66]), body: 'x' }],
  ['a lone continuation byte', 'not-utf8', { name: Buffer.from([0x61, 0x80]), body: 'x' }],
  ['a symlink out', 'symlink', { name: 'link', type: '2', linkname: '/etc/passwd' }],
  ['a symlink to `..`', 'symlink', { name: 'up', type: '2', linkname: '..' }],
  ['a hardlink to a file outside', 'hardlink', { name: 'hard', type: '1', linkname: '/etc/passwd' }],
  ['a hardlink up', 'hardlink', { name: 'hard', type: '1', linkname: '../outside/keep.txt' }],
  ['a hardlink to a later file', 'hardlink', { name: 'hard', type: '1', linkname: 'good.txt' }],
  ['a character device', 'device', { name: 'tty', type: '3' }],
  ['a block device', 'device', { name: 'disk', type: '4' }],
  ['a FIFO', 'fifo', { name: 'pipe', type: '6' }],
  ['an unknown type', 'unsupported-type', { name: 'odd', type: 'Z', body: 'x' }],
];

describe('a hostile entry is skipped and counted', () => {
  it.each(CASES)('%s', async (_, reason, entry) => {
    const result = await store([entry, GOOD]);
    expect(result).toMatchObject({ status: 'stored', files: 1, bytes: 4, skipped: { [reason]: 1 } });
    expect(Object.values(result.skipped).reduce((sum, count) => sum + (count ?? 0), 0)).toBe(1);
    expect(treeOf(sandbox.root)).toEqual({ '1-build': 'dir', '1-build/good.txt': 'file:good' });
    expect(existsSync('/tmp/ci-run-escape-test')).toBe(false);
    expectSafe(sandbox);
  });
});

describe('names equal after case folding and NFC', () => {
  it.each([
    ['README', 'readme'],
    ['Straße', 'STRASSE'],
    ['caf\u00e9', 'cafe\u0301'],
    ['Dir/a', 'dir/b'],
  ])('%s then %s: the second is skipped', async (first, second) => {
    const result = await store([
      { name: first, body: 'first' },
      { name: second, body: 'second' },
    ]);
    expect(result.skipped).toEqual({ 'same-after-case-folding': 1 });
    expect(Object.values(treeOf(join(sandbox.root, '1-build')))).not.toContain('file:second');
    expectSafe(sandbox);
  });
});

describe('entries that are kept, changed', () => {
  it('turns a hardlink to an earlier file into a copy of it', async () => {
    const result = await store([
      { name: 'bin/tool', body: 'binary', mode: 0o755 },
      { name: 'bin/alias', type: '1', linkname: 'bin/tool' },
    ]);
    expect(result).toMatchObject({ status: 'stored', files: 2, bytes: 12, skipped: {} });
    const tool = statSync(join(sandbox.root, '1-build/bin/tool'));
    const alias = statSync(join(sandbox.root, '1-build/bin/alias'));
    expect(readFileSync(join(sandbox.root, '1-build/bin/alias'), 'utf8')).toBe('binary');
    expect(alias.ino).not.toBe(tool.ino);
    expect(alias.nlink).toBe(1);
    expectSafe(sandbox);
  });

  it('masks modes with 0o755, keeping executable bits, and never keeps the owner', async () => {
    await store([
      { name: 'setuid', body: 'x', mode: 0o4777 },
      { name: 'script', body: 'x', mode: 0o775 },
      { name: 'private', body: 'x', mode: 0o600 },
      { name: 'none', body: 'x', mode: 0 },
      { name: 'open/', type: '5', mode: 0o777 },
    ]);
    const mode = (name: string) => lstatSync(join(sandbox.root, '1-build', name)).mode & 0o7777;
    expect([mode('setuid'), mode('script'), mode('private'), mode('none'), mode('open')]).toEqual([
      0o755, 0o755, 0o600, 0o600, 0o755,
    ]);
    expect(lstatSync(join(sandbox.root, '1-build/setuid')).uid).toBe(process.getuid?.());
    expectSafe(sandbox);
  });

  it('skips a second entry of the same name, and a file where a folder is', async () => {
    const result = await store([
      { name: 'a.txt', body: 'first' },
      { name: 'a.txt', body: 'second' },
      { name: 'a.txt/inside', body: 'x' },
      { name: 'dir/', type: '5' },
      { name: 'dir', body: 'x' },
    ]);
    expect(result.skipped).toEqual({ conflict: 3 });
    expect(treeOf(join(sandbox.root, '1-build'))).toEqual({ 'a.txt': 'file:first', dir: 'dir' });
    expectSafe(sandbox);
  });

  it('writes through no symlink: a file under a skipped link lands in a real folder', async () => {
    const result = await store([
      { name: 'out', type: '2', linkname: '../../outside' },
      { name: 'out/evil', body: 'x' },
    ]);
    expect(result.skipped).toEqual({ symlink: 1 });
    expect(treeOf(join(sandbox.root, '1-build'))).toEqual({ out: 'dir', 'out/evil': 'file:x' });
    expectSafe(sandbox);
  });

  it('names the first 5 skipped entries, made inert, and counts them all', async () => {
    const entries: RawEntry[] = [
      { name: '/abs', body: 'x' },
      { name: 'a\u001b]0;title\u0007b:', body: 'x' },
      ...Array.from({ length: 6 }, (_, i): RawEntry => ({ name: `../up${i}`, body: 'x' })),
    ];
    const result = await store(entries);
    expect(result.skipped).toEqual({ absolute: 1, 'control-character': 1, 'dot-dot': 6 });
    expect(result.firstSkipped).toEqual(['/abs', 'ab:', '../up0', '../up1', '../up2']);
    expectSafe(sandbox);
  });
});
