// The caps hold while streaming, not after: a 256 MiB member that compresses to well under 1 MB stops
// the download early and leaves nothing. An abort, or a source that fails, ends a download at once with
// its own error, and leaves nothing either.
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ByteBudget } from '../../src/artifacts/byte-budget.ts';
import { MAX_ENTRIES, storeArchive, type StoreOptions } from '../../src/artifacts/store.ts';
import { expectSafe, makeSandbox, type Sandbox, treeOf } from './sandbox.ts';
import { chunksOf, hugeTarGz, type RawEntry, tarGz } from './tar-builder.ts';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.remove());

function options(extra: Partial<StoreOptions> = {}): StoreOptions {
  return { root: sandbox.root, folder: '1-build', maxBytes: 1e9, ...extra };
}

/** `chunks`, counting what was read. */
function counted(chunks: AsyncIterable<Uint8Array>): {
  source: AsyncIterable<Uint8Array>;
  read: () => number;
} {
  let read = 0;
  return {
    source: (async function* () {
      for await (const chunk of chunks) {
        read += chunk.length;
        yield chunk;
      }
    })(),
    read: () => read,
  };
}

describe('a 256 MiB member that compresses to under 1 MB', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await hugeTarGz('zeros.bin', 256 * 1024 * 1024);
  });

  it('is too large while streaming, and leaves nothing', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { source, read } = counted(chunksOf(bomb, 4096));
    const result = await storeArchive(source, options({ maxBytes: 4 * 1024 * 1024 }));
    expect(result).toMatchObject({ status: 'too-large', files: 0, bytes: 0 });
    expect(result.reason).toBe('it is larger than artifacts-max-size (4,194,304 bytes)');
    // It stopped after 4 MiB of content: what was read is that and gunzip's 64 KiB input buffer, far
    // from the end of the download.
    expect(read()).toBeLessThan(100 * 1024);
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });

  it('skipped, still stops once the tar inflates to more than twice the cap', async () => {
    const skipped = await hugeTarGz('../zeros.bin', 256 * 1024 * 1024);
    const { source, read } = counted(chunksOf(skipped, 4096));
    const result = await storeArchive(source, options({ maxBytes: 16 * 1024 * 1024 }));
    expect(result).toMatchObject({ status: 'too-large', files: 0, bytes: 0 });
    expect(result.reason).toBe('it inflates to more than 100,663,296 bytes');
    // About 96 of 256 MiB, and gunzip's 64 KiB input buffer.
    expect(read()).toBeLessThan(skipped.length * 0.75);
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });

  it('passes the shared total and gives back what it took', async () => {
    const budget = new ByteBudget(20 * 1024 * 1024);
    const small = await storeArchive(
      chunksOf(tarGz([{ name: 'a.txt', body: 'hello' }])),
      options({ folder: '1-small', budget }),
    );
    expect(small.status).toBe('stored');
    const big = await storeArchive(chunksOf(bomb, 4096), options({ folder: '2-big', budget }));
    expect(big).toMatchObject({ status: 'too-large', bytes: 0 });
    expect(big.reason).toBe("the step's artifacts are larger than artifacts-max-total (20,971,520 bytes)");
    expect(budget.used).toBe(5);
    expect(treeOf(sandbox.root)).toEqual({ '1-small': 'dir', '1-small/a.txt': 'file:hello' });
    expectSafe(sandbox);
  });
});

it(`stops at more than ${MAX_ENTRIES.toLocaleString('en-US')} entries`, async () => {
  const entries = Array.from({ length: MAX_ENTRIES + 1 }, (_, i): RawEntry => ({ name: `p${i}`, type: '6' }));
  const result = await storeArchive(chunksOf(tarGz(entries), 64 * 1024), options());
  expect(result).toMatchObject({ status: 'too-large', reason: 'it holds more than 100,000 entries' });
  expect(treeOf(sandbox.root)).toEqual({});
  expectSafe(sandbox);
});

describe('an abort', () => {
  const archive = tarGz([
    { name: 'first.bin', body: Buffer.alloc(300_000, 1) },
    { name: 'second.bin', body: Buffer.alloc(300_000, 2) },
  ]);

  it('mid-stream ends the download with its reason, and leaves nothing', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const result = storeArchive(
      chunksOf(archive, 512),
      options({
        signal: controller.signal,
        // The abort comes while the first file is being written.
        onEntry: () => ({ data: () => controller.abort(reason), end: () => undefined }),
      }),
    );
    await expect(result).rejects.toBe(reason);
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });

  it('ends a download whose source has stopped answering', async () => {
    const controller = new AbortController();
    let closed = false;
    async function* stalled(): AsyncGenerator<Uint8Array> {
      try {
        yield archive.subarray(0, 2000);
        await new Promise(() => undefined);
      } finally {
        closed = true;
      }
    }
    const result = storeArchive(stalled(), options({ signal: controller.signal }));
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('timeout'));
    await expect(result).rejects.toThrow('timeout');
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
    expect(closed).toBe(true);
  });

  it('before the start leaves nothing', async () => {
    const result = storeArchive(
      chunksOf(archive),
      options({ signal: AbortSignal.abort(new Error('early')) }),
    );
    await expect(result).rejects.toThrow('early');
    expect(treeOf(sandbox.root)).toEqual({});
  });
});

it('a full disk fails the step with its reason and removes the staging folder', async () => {
  // The writer's error path, taken by an entry reader that fails the way a write on a full disk does.
  const diskFull = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  const archive = tarGz([
    { name: 'a.txt', body: 'first' },
    { name: 'b.txt', body: 'second' },
  ]);
  const result = await storeArchive(
    chunksOf(archive),
    options({
      onEntry: (path) =>
        path === 'b.txt'
          ? {
              data: () => {
                throw diskFull;
              },
              end: () => undefined,
            }
          : undefined,
    }),
  );
  expect(result).toMatchObject({ status: 'failed', reason: 'the disk is full (ENOSPC)', files: 0, bytes: 0 });
  expect(treeOf(sandbox.root)).toEqual({});
  expectSafe(sandbox);
});

describe('a source that fails', () => {
  it('ends the download with the source error itself, so the caller can start over', async () => {
    class StartOver extends Error {}
    const archive = tarGz([{ name: 'a.bin', body: Buffer.alloc(200_000, 3) }]);
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield archive.subarray(0, archive.length / 2);
      throw new StartOver('the server does not resume');
    }
    await expect(storeArchive(failing(), options())).rejects.toBeInstanceOf(StartOver);
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });

  it('with extract: false, leaves no partial archive', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('part of it');
      throw new Error('reset');
    }
    await expect(storeArchive(failing(), options({ extract: false }))).rejects.toThrow('reset');
    expect(treeOf(sandbox.root)).toEqual({});
    expectSafe(sandbox);
  });
});

it('the folder name is checked as strictly as an entry name', async () => {
  await expect(storeArchive(chunksOf(tarGz([])), options({ folder: '../outside' }))).rejects.toThrow(
    /not safe/,
  );
  await expect(storeArchive(chunksOf(tarGz([])), options({ folder: '.ci-run-partial-x' }))).rejects.toThrow(
    /not safe/,
  );
  expect(treeOf(join(sandbox.root))).toEqual({});
});
