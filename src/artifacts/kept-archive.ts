// `artifacts-extract: false`: the archive kept as it came, under the caps, in the staging folder. When the
// outputs file (or another entry) is wanted, the same bytes are read as a tar on their way to the file;
// what is wrong with the archive then only costs those entries, never the kept bytes.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { type StepCaps, TooLarge } from './caps.ts';
import type { StagingWriter } from './staging-writer.ts';
import { ArchiveDamaged, ArchiveRefused, SourceFailed, walkTarGz } from './tar-walk.ts';

const WRITE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Reads a source once, writing each chunk before handing it on; left early, it can still be read to its end. */
class Tee implements AsyncIterable<Uint8Array> {
  /** An error of the writing (a cap, the disk), as opposed to the source's. */
  ownError: unknown;
  readonly #source: AsyncIterator<Uint8Array>;
  readonly #write: (chunk: Uint8Array) => Promise<void>;
  #done = false;
  /** The read before: reads run one after the other, so chunks are written in order. */
  #last: Promise<unknown> = Promise.resolve();

  constructor(source: AsyncIterable<Uint8Array>, write: (chunk: Uint8Array) => Promise<void>) {
    this.#source = source[Symbol.asyncIterator]();
    this.#write = write;
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    // A reader that stopped waiting (the walk failed) may leave a read running when rest() starts.
    const result = this.#last.then(() => this.#read());
    this.#last = result.catch(() => undefined);
    return result;
  }

  async #read(): Promise<IteratorResult<Uint8Array>> {
    if (this.#done) return { done: true, value: undefined };
    let step: IteratorResult<Uint8Array>;
    try {
      step = await this.#source.next();
    } catch (error) {
      throw new SourceFailed('the download failed', { cause: error });
    }
    if (step.done === true) {
      this.#done = true;
      return step;
    }
    try {
      await this.#write(step.value);
    } catch (error) {
      this.ownError = error;
      throw error;
    }
    return step;
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    // The reader leaving early does not end the source: rest() reads on.
    return { next: () => this.next(), return: async () => ({ done: true, value: undefined }) };
  }

  async rest(signal: AbortSignal | undefined): Promise<void> {
    while (!this.#done) {
      signal?.throwIfAborted();
      await this.next();
    }
  }

  close(): void {
    if (this.#done) return;
    this.#done = true;
    void Promise.resolve(this.#source.return?.()).catch(() => undefined);
  }
}

export class KeptArchive {
  readonly file: string;
  readonly #caps: StepCaps;
  readonly #signal: AbortSignal | undefined;
  #handle: FileHandle | undefined;

  readonly #maxInflated: number;

  constructor(file: string, caps: StepCaps, signal: AbortSignal | undefined, maxInflated: number) {
    this.file = file;
    this.#maxInflated = maxInflated;
    this.#caps = caps;
    this.#signal = signal;
  }

  /** Keeps the whole source in the file; `reader`, when given, sees its entries on the way. */
  async keep(source: AsyncIterable<Uint8Array>, reader: StagingWriter | undefined): Promise<void> {
    this.#handle = await open(this.file, WRITE_NEW, 0o600);
    const tee = new Tee(source, (chunk) => this.#write(chunk));
    try {
      if (reader !== undefined) await this.#read(tee, reader);
      await tee.rest(this.#signal);
    } finally {
      tee.close();
      await this.#handle.close();
    }
  }

  async #read(tee: Tee, reader: StagingWriter): Promise<void> {
    try {
      await walkTarGz(tee, reader, this.#signal, this.#maxInflated);
    } catch (error) {
      if (tee.ownError !== undefined) throw tee.ownError;
      const archiveProblem =
        error instanceof ArchiveRefused || error instanceof ArchiveDamaged || error instanceof TooLarge;
      if (!archiveProblem) throw error;
    }
  }

  async #write(chunk: Uint8Array): Promise<void> {
    this.#caps.take(chunk.length);
    let offset = 0;
    while (offset < chunk.length) {
      const written = await this.#handle!.write(chunk, offset, chunk.length - offset);
      offset += written.bytesWritten;
    }
  }
}
