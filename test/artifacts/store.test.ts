// A step's archive from bytes to folder: stored whole and in place, or not at all. Every test ends with
// the tree checked: nothing outside the root, nothing partial, no link.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeArchive, type StoreOptions } from '../../src/artifacts/store.ts';
import { expectSafe, makeSandbox, type Sandbox, treeOf } from './sandbox.ts';
import { chunksOf, type RawEntry, tarGz, tarOf } from './tar-builder.ts';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.remove());

const FILES: RawEntry[] = [
  { name: './', type: '5' },
  { name: './bin/', type: '5' },
  { name: './bin/app', body: 'the app', mode: 0o755 },
  { name: './outputs.env', body: 'IMAGE=registry/app@sha256:abc\n' },
  { name: './report.xml', body: '<testsuite/>' },
];

function options(extra: Partial<StoreOptions> = {}): StoreOptions {
  return { root: sandbox.root, folder: '1-build', maxBytes: 1e9, ...extra };
}

describe('a complete archive', () => {
  it('is stored in its folder, with the outputs file read', async () => {
    const result = await storeArchive(chunksOf(tarGz(FILES), 33), options({ outputsFile: 'outputs.env' }));
    expect(result).toEqual({
      status: 'stored',
      folder: join(sandbox.root, '1-build'),
      files: 3,
      bytes: 49,
      skipped: {},
      firstSkipped: [],
      outputsText: 'IMAGE=registry/app@sha256:abc\n',
    });
    expect(treeOf(sandbox.root)).toEqual({
      '1-build': 'dir',
      '1-build/bin': 'dir',
      '1-build/bin/app': 'file:the app',
      '1-build/outputs.env': 'file:IMAGE=registry/app@sha256:abc\n',
      '1-build/report.xml': 'file:<testsuite/>',
    });
    expectSafe(sandbox);
  });

  it('replaces the folder of an earlier attempt, never merging', async () => {
    mkdirSync(join(sandbox.root, 'web/1-build'), { recursive: true });
    writeFileSync(join(sandbox.root, 'web/1-build/old.txt'), 'old');
    await storeArchive(
      chunksOf(tarGz([{ name: 'new.txt', body: 'new' }])),
      options({ folder: 'web/1-build' }),
    );
    expect(treeOf(sandbox.root)).toEqual({
      web: 'dir',
      'web/1-build': 'dir',
      'web/1-build/new.txt': 'file:new',
    });
    expectSafe(sandbox);
  });

  it('replaces a link where its folder should be, without following it', async () => {
    symlinkSync(sandbox.outside, join(sandbox.root, '1-build'));
    await storeArchive(chunksOf(tarGz([{ name: 'keep.txt', body: 'overwritten?' }])), options());
    expect(treeOf(sandbox.root)).toEqual({ '1-build': 'dir', '1-build/keep.txt': 'file:overwritten?' });
    expectSafe(sandbox);
  });

  it('refuses a link on the way to its folder', async () => {
    symlinkSync(sandbox.outside, join(sandbox.root, 'web'));
    const result = await storeArchive(chunksOf(tarGz(FILES)), options({ folder: 'web/1-build' }));
    expect(result).toMatchObject({
      status: 'failed',
      files: 0,
      reason: 'the files could not be written (ENOTDIR)',
    });
    expect(treeOf(sandbox.outside)).toEqual({ 'keep.txt': 'file:untouched' });
  });

  it('hands the entries a caller wants to it as they stream', async () => {
    const seen: string[] = [];
    const result = await storeArchive(
      chunksOf(tarGz(FILES)),
      options({
        onEntry: (path) =>
          path.endsWith('.xml')
            ? {
                data: (chunk) => void seen.push(Buffer.from(chunk).toString()),
                end: () => void seen.push(`end ${path}`),
              }
            : undefined,
      }),
    );
    expect(result.status).toBe('stored');
    expect(seen).toEqual(['<testsuite/>', 'end report.xml']);
    expectSafe(sandbox);
  });

  it('with write: false, writes nothing and reads the outputs file', async () => {
    const result = await storeArchive(
      chunksOf(tarGz(FILES)),
      options({ write: false, outputsFile: './outputs.env' }),
    );
    expect(result).toMatchObject({
      status: 'stored',
      files: 3,
      bytes: 0,
      outputsText: 'IMAGE=registry/app@sha256:abc\n',
    });
    expect(result.folder).toBeUndefined();
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });

  it('with extract: false, keeps the archive as it came, and still reads the outputs file', async () => {
    const archive = tarGz(FILES);
    const result = await storeArchive(
      chunksOf(archive),
      options({ extract: false, outputsFile: 'outputs.env' }),
    );
    expect(result).toMatchObject({
      status: 'stored',
      folder: join(sandbox.root, '1-build.tar.gz'),
      bytes: archive.length,
      outputsText: 'IMAGE=registry/app@sha256:abc\n',
    });
    expect(readFileSync(join(sandbox.root, '1-build.tar.gz'))).toEqual(archive);
    expect(Object.keys(treeOf(sandbox.root))).toEqual(['1-build.tar.gz']);
    expectSafe(sandbox);
  });

  it('with extract: false, keeps even what is not a tar, checking only the caps', async () => {
    const body = Buffer.from('just some text');
    const kept = await storeArchive(chunksOf(body), options({ extract: false, outputsFile: 'outputs.env' }));
    expect(kept).toMatchObject({ status: 'stored', bytes: body.length });
    expect(kept.outputsText).toBeUndefined();
    const tooLarge = await storeArchive(
      chunksOf(body, 4),
      options({ folder: '2-big', extract: false, maxBytes: 10 }),
    );
    expect(tooLarge).toMatchObject({ status: 'too-large', bytes: 0 });
    expect(Object.keys(treeOf(sandbox.root))).toEqual(['1-build.tar.gz']);
    expectSafe(sandbox);
  });
});

it('with extract: false, keeps a damaged archive byte for byte even while reading its outputs', async () => {
  const whole = tarGz([...FILES, { name: 'big.bin', body: Buffer.alloc(300_000, 9) }]);
  const damaged = Buffer.concat([whole.subarray(0, 200), Buffer.alloc(50, 0xee), whole.subarray(250)]);
  const result = await storeArchive(
    chunksOf(damaged, 64),
    options({ extract: false, outputsFile: 'outputs.env' }),
  );
  expect(result).toMatchObject({ status: 'stored', bytes: damaged.length });
  expect(readFileSync(join(sandbox.root, '1-build.tar.gz'))).toEqual(damaged);
  expectSafe(sandbox);
});

describe('what is not a gzipped tar is refused', () => {
  it.each([
    ['text', Buffer.from('<html>not found</html>')],
    ['a zip', Buffer.from('PK\u0003\u0004rest of a zip file')],
    ['gzip of text', gzipSync(Buffer.from('hello '.repeat(200)))],
    ['gzip of less than one block', gzipSync(Buffer.from('hello'))],
    ['nothing', Buffer.alloc(0)],
    ['a bare tar', tarOf(FILES)],
  ])('%s', async (_, body) => {
    const result = await storeArchive(chunksOf(body), options());
    expect(result.status).toBe('refused');
    expect(result.reason).toMatch(/^not a gzipped tar archive: /);
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });
});

describe('an archive cut short fails and leaves nothing', () => {
  const whole = tarGz([...FILES, { name: 'big.bin', body: Buffer.alloc(100_000, 7) }]);
  it.each([
    ['without its gzip trailer', whole.subarray(0, whole.length - 8)],
    ['cut in the middle', whole.subarray(0, Math.floor(whole.length / 2))],
    ["without tar's end blocks", gzipSync(tarOf(FILES, false))],
    ['cut inside an entry of the tar', gzipSync(tarOf(FILES).subarray(0, 1024 + 100))],
    [
      'with a damaged body',
      Buffer.concat([whole.subarray(0, 40), Buffer.alloc(20, 0xff), whole.subarray(60)]),
    ],
  ])('%s', async (_, body) => {
    const result = await storeArchive(chunksOf(body, 1000), options());
    expect(result).toMatchObject({ status: 'failed', files: 0, bytes: 0 });
    expect(result.reason).toMatch(/cut short|damaged/);
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });

  it('keeps the folder of an earlier attempt when the new one is cut', async () => {
    mkdirSync(join(sandbox.root, '1-build'));
    writeFileSync(join(sandbox.root, '1-build/old.txt'), 'old');
    const result = await storeArchive(chunksOf(whole.subarray(0, whole.length - 8)), options());
    expect(result.status).toBe('failed');
    expect(treeOf(sandbox.root)).toEqual({ '1-build': 'dir', '1-build/old.txt': 'file:old' });
    expectSafe(sandbox);
  });
});
