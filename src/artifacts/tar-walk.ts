// A gzipped tar read as it streams: bytes in, one entry at a time out, with backpressure all the way back to
// the source, so memory holds a few chunks whatever the archive's size. gunzip is node:zlib's, which checks
// the gzip trailer (CRC32 and length) at the end; tar's Parser reads the headers (ustar, pax, GNU long
// names) in strict mode, where any damage is an error. An archive is complete only when both its gzip end
// and tar's end blocks were read: a cut body is an error, never a shorter tree.
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';
import { Parser } from 'tar/parse';
import { TooLarge } from './caps.ts';
import type { ReadEntry } from 'tar/read-entry';

/** The bytes are not a gzipped tar (checked by their magic bytes). */
export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused';
}

/** The archive is damaged or cut short. */
export class ArchiveDamaged extends Error {
  override name = 'ArchiveDamaged';
}

/** The source of the bytes threw: its error, unchanged, is the `cause`. */
export class SourceFailed extends Error {
  override name = 'SourceFailed';
}

export interface TarWalkHandlers {
  /**
   * One entry to write or skip; the walk waits for it. It must consume the entry: read `content` (which
   * ends with the walk's error when the walk stops) or call `entry.resume()`.
   */
  entry(entry: ReadEntry, content: AsyncIterable<Buffer>): Promise<void>;
  /** An entry of a type the reader does not know, already skipped. */
  ignored(entry: ReadEntry): void;
}

const GZIP_MAGIC = [0x1f, 0x8b, 0x08];
const BLOCK = 512;
const CHUNK = 64 * 1024;

function gzipWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end of file/i.test(message)) return 'the archive is cut short: its gzip end is missing';
  return `the archive is damaged (gzip: ${message})`;
}

function checkTarHead(head: Buffer): void {
  const magic = head.subarray(257, 262).toString('latin1');
  if (magic === 'ustar' || head.subarray(0, BLOCK).every((byte) => byte === 0)) return;
  throw new ArchiveRefused('it is gzip but not a tar archive');
}

/** Reads `source` as a gzipped tar, handing each entry to `handlers` in order; throws what stopped it. */
export async function walkTarGz(
  source: AsyncIterable<Uint8Array>,
  handlers: TarWalkHandlers,
  signal?: AbortSignal,
  maxInflated = Infinity,
): Promise<void> {
  const gunzip = createGunzip({ chunkSize: CHUNK });
  const parser = new Parser({ strict: true, zstd: false, brotli: false });
  const halt = new AbortController();
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown): void => {
    if (failure !== undefined) return;
    failure = { error };
    halt.abort(error);
  };

  let sawEnd = false;
  parser.on('eof', () => void (sawEnd = true));
  parser.on('error', (error: unknown) =>
    fail(new ArchiveDamaged(`the archive is damaged (tar: ${words(error)})`)),
  );
  gunzip.on('error', (error: unknown) => fail(new ArchiveDamaged(gzipWords(error))));
  parser.on('ignoredEntry', (entry: ReadEntry) => {
    if (!entry.meta) handlers.ignored(entry);
  });
  let entries: Promise<void> = Promise.resolve();
  parser.on('entry', (entry: ReadEntry) => {
    entries = entries
      .then(async () => {
        if (failure !== undefined) return void entry.resume();
        await handlers.entry(entry, contentOf(entry, halt.signal));
      })
      .catch((error: unknown) => {
        fail(error);
        entry.resume();
      });
  });
  const parsed = new Promise<void>((resolve) => parser.on('end', resolve));

  const onAbort = (): void => fail(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted === true) onAbort();

  const whole = async (): Promise<void> => {
    await Promise.all([feed(source, gunzip, halt.signal), drain(gunzip, parser, halt.signal, maxInflated)]);
    await parsed;
    await entries;
    if (!sawEnd) throw new ArchiveDamaged("the archive is cut short: tar's end blocks are missing");
  };
  try {
    await until(whole(), halt.signal);
  } catch (error) {
    fail(error);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    gunzip.destroy();
    // Nothing may still be writing when the caller removes the folder.
    await entries;
  }
  if (failure !== undefined) throw failure.error;
}

/**
 * `promise`, or the walk's error as soon as it stops. Not Promise.race against one promise that stays
 * pending all along: each race would leave a reaction on it holding its result (a chunk) until the end.
 */
function until<T>(promise: Promise<T>, stopped: AbortSignal): Promise<T> {
  if (stopped.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(stopped.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onStop = (): void => reject(stopped.reason as Error);
    stopped.addEventListener('abort', onStop, { once: true });
    promise.then(
      (value) => {
        stopped.removeEventListener('abort', onStop);
        resolve(value);
      },
      (error: unknown) => {
        stopped.removeEventListener('abort', onStop);
        reject(error as Error);
      },
    );
  });
}

/** An entry's chunks, ending with the walk's error as soon as the walk stops (data may never come then). */
async function* contentOf(entry: ReadEntry, stopped: AbortSignal): AsyncGenerator<Buffer> {
  const iterator = (entry as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  for (;;) {
    const step = await until(iterator.next(), stopped);
    if (step.done === true) return;
    yield step.value;
  }
}

function words(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The source into gunzip, checking the gzip magic bytes first. */
async function feed(
  source: AsyncIterable<Uint8Array>,
  gunzip: ReturnType<typeof createGunzip>,
  stopped: AbortSignal,
): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let head: Buffer | undefined = Buffer.alloc(0);
  let finished = false;
  try {
    for (;;) {
      const next = iterator.next().catch((error: unknown) => {
        throw error instanceof SourceFailed
          ? error
          : new SourceFailed('the download failed', { cause: error });
      });
      const step = await until(next, stopped);
      if (step.done === true) break;
      let chunk = Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength);
      if (head !== undefined) {
        head = Buffer.concat([head, chunk]);
        if (head.length < GZIP_MAGIC.length) continue;
        if (!GZIP_MAGIC.every((byte, index) => head?.[index] === byte)) {
          throw new ArchiveRefused('it is not a gzip file');
        }
        chunk = head;
        head = undefined;
      }
      // gunzip inflates only as far as its output is read: a small chunk of a bomb does not fill memory.
      if (!gunzip.write(chunk)) await until(once(gunzip, 'drain'), stopped);
    }
    finished = true;
  } finally {
    // A source left early (a refusal, a cap, an abort) is closed, so its socket is let go.
    if (!finished) void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
  if (head !== undefined)
    throw new ArchiveRefused(head.length === 0 ? 'it is empty' : 'it is not a gzip file');
  gunzip.end();
}

/**
 * gunzip's output into the tar parser, checking that the first block is a tar header, and that the tar is
 * no longer than `maxInflated`: skipped entries are not written, but inflating them still takes time.
 */
async function drain(
  gunzip: ReturnType<typeof createGunzip>,
  parser: Parser,
  stopped: AbortSignal,
  maxInflated: number,
): Promise<void> {
  let head: Buffer | undefined = Buffer.alloc(0);
  let inflated = 0;
  try {
    for await (const block of gunzip as AsyncIterable<Buffer>) {
      inflated += block.length;
      if (inflated > maxInflated) {
        throw new TooLarge(`it inflates to more than ${maxInflated.toLocaleString('en-US')} bytes`);
      }
      let data = block;
      if (head !== undefined) {
        head = Buffer.concat([head, block]);
        if (head.length < BLOCK) continue;
        checkTarHead(head);
        data = head;
        head = undefined;
      }
      if (!parser.write(data)) await until(once(parser, 'drain'), stopped);
    }
  } catch (error) {
    if (error instanceof ArchiveRefused || error instanceof ArchiveDamaged || error instanceof TooLarge)
      throw error;
    throw new ArchiveDamaged(gzipWords(error));
  }
  // A whole gzip stream (its trailer was checked) with less than one block in it is no tar.
  if (head !== undefined) throw new ArchiveRefused('it is gzip but not a tar archive');
  parser.end();
}
