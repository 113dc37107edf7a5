// Each step's archive, a .tar.gz built once per content (definition and outcome) into a temporary folder
// the emulator removes when it closes, and served from there as a file, so that Range is exact and a
// large archive costs no memory.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { create } from 'tar';
import type { StepStores } from '../timeline.ts';
import { contentKey, generatedBytes, storedEntries, type StoredEntry } from './contents.ts';

export interface Archive {
  file: string;
  size: number;
  /** A strong ETag, quoted: the archive's digest. */
  etag: string;
}

/** Every entry's modification time, so that the same content gives the same bytes. */
const ENTRY_TIME = new Date('2025-06-11T14:02:33.000Z');

export class ArchiveStore {
  #dir: Promise<string> | undefined;
  readonly #built = new Map<string, Promise<Archive>>();
  /** Stops the builds under way when the emulator closes, so that none writes after the folder is gone. */
  readonly #closing = new AbortController();

  /** The archive of a step of this definition, built on first use. */
  archive(stores: StepStores, stepName: string, stepFailed: boolean): Promise<Archive> {
    const key = contentKey(stores, stepName, stepFailed);
    let built = this.#built.get(key);
    if (!built) {
      built = this.#build(key, storedEntries(stores, stepName, stepFailed));
      // A failed build (a full disk) is tried again on the next request.
      built.catch(() => this.#built.delete(key));
      this.#built.set(key, built);
    }
    return built;
  }

  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.allSettled(this.#built.values());
    this.#built.clear();
    const dir = this.#dir;
    if (dir) await rm(await dir, { recursive: true, force: true });
  }

  async #build(key: string, entries: StoredEntry[]): Promise<Archive> {
    const { signal } = this.#closing;
    signal.throwIfAborted();
    this.#dir ??= mkdtemp(join(tmpdir(), 'ci-run-emulator-artifacts-'));
    const dir = await this.#dir;
    const stage = join(dir, `stage-${key}`);
    const file = join(dir, `${key}.tar.gz`);
    try {
      await rm(stage, { recursive: true, force: true });
      for (const entry of entries) {
        signal.throwIfAborted();
        await writeEntry(stage, entry, signal);
      }
      const digest = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          digest.update(chunk);
          done(null, chunk);
        },
      });
      const tar = create(
        { cwd: stage, portable: true, mtime: ENTRY_TIME },
        entries.map((e) => e.path),
      );
      const partial = `${file}.partial`;
      await pipeline(Readable.from(tar), createGzip(), hashing, createWriteStream(partial), { signal });
      await rename(partial, file);
      const { size } = await stat(file);
      return { file, size, etag: `"${digest.digest('hex').slice(0, 32)}"` };
    } finally {
      await rm(stage, { recursive: true, force: true });
    }
  }
}

async function writeEntry(stage: string, entry: StoredEntry, signal: AbortSignal): Promise<void> {
  const target = join(stage, entry.path);
  await mkdir(dirname(target), { recursive: true });
  if (Buffer.isBuffer(entry.content)) await writeFile(target, entry.content);
  else {
    const bytes = Readable.from(generatedBytes(entry.path, entry.content.generated));
    await pipeline(bytes, createWriteStream(target), { signal });
  }
  await chmod(target, entry.executable ? 0o755 : 0o644);
}
