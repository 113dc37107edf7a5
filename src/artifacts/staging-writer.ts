// Writes the entries of one archive into its staging folder, or only reads them (`write: false`), applying
// every rule of the extraction while streaming. Safe by construction: the only things ever made are
// folders (mkdir) and regular files (opened with O_CREAT | O_EXCL | O_NOFOLLOW), at paths joined from
// segments that checkEntryName() allowed, under a folder this process made itself moments before. No link
// is created (a symlink is skipped, a hardlink becomes a copy of a file written earlier), so none can be
// followed: nothing else writes into the staging folder. Modes are masked with 0o755 (the owner may always
// read and write, to clean up); owners are never set.
import { constants } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReadEntry } from 'tar/read-entry';
import { type StepCaps, TooLarge } from './caps.ts';
import { checkEntryName, foldName, type SkipReason } from './entry-rules.ts';
import { SkipTally } from './skip-tally.ts';

/** Receives one entry's content while it streams: see `StoreOptions.onEntry`. */
export interface EntryReader {
  data(chunk: Uint8Array): void | Promise<void>;
  end(): void | Promise<void>;
}

export interface WriterOptions {
  /** The staging folder, or undefined to read without writing. */
  dir: string | undefined;
  /** The caps the written bytes count against. */
  caps: StepCaps;
  maxEntries: number;
  /** A reader for an entry's content (by its path with `/`), or undefined. */
  readerFor: (path: string) => EntryReader | undefined;
}

const WRITE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const TYPE_SKIPS: Record<string, SkipReason> = {
  SymbolicLink: 'symlink',
  CharacterDevice: 'device',
  BlockDevice: 'device',
  FIFO: 'fifo',
};

function fileMode(mode: number | undefined): number {
  return ((mode ?? 0o644) & 0o755) | 0o600;
}

export class StagingWriter {
  files = 0;
  entries = 0;
  readonly tally = new SkipTally();
  readonly #options: WriterOptions;
  /** Folders made, by path relative to the staging folder ('' is the folder itself). */
  readonly #dirs = new Set<string>(['']);
  /** Regular files written, by path, with their size: the only targets a hardlink may copy. */
  readonly #files = new Map<string, number>();
  /** Every path made, by its folded form. */
  readonly #folded = new Map<string, string>([['', '']]);

  constructor(options: WriterOptions) {
    this.#options = options;
  }

  /** An entry of a type the tar reader does not know. */
  ignored(entry: ReadEntry): void {
    this.#count();
    this.tally.add('unsupported-type', entry.path);
  }

  async entry(entry: ReadEntry, content: AsyncIterable<Buffer>): Promise<void> {
    this.#count();
    const checked = checkEntryName(entry.path);
    if ('skip' in checked) return this.#skip(entry, checked.skip);
    const { segments } = checked;
    const typeSkip = TYPE_SKIPS[entry.type];
    if (typeSkip !== undefined) return this.#skip(entry, typeSkip);
    const isFile = FILE_TYPES.has(entry.type);
    if (!isFile && entry.type !== 'Directory' && entry.type !== 'Link') {
      return this.#skip(entry, 'unsupported-type');
    }
    const clash = this.#clash(segments, entry.type === 'Directory');
    if (clash !== undefined) return this.#skip(entry, clash);
    if (entry.type === 'Directory') {
      entry.resume();
      return this.#directory(segments, entry.mode);
    }
    if (entry.type === 'Link') return this.#hardlink(entry, segments);
    return this.#file(entry, segments, content);
  }

  #count(): void {
    this.entries += 1;
    if (this.entries > this.#options.maxEntries) {
      throw new TooLarge(`it holds more than ${this.#options.maxEntries.toLocaleString('en-US')} entries`);
    }
  }

  #skip(entry: ReadEntry, reason: SkipReason): void {
    this.tally.add(reason, entry.path);
    entry.resume();
  }

  /** Why these segments cannot be made: a name that folds onto another, or a file where a folder is. */
  #clash(segments: string[], directory: boolean): SkipReason | undefined {
    for (let i = 1; i <= segments.length; i++) {
      const path = segments.slice(0, i).join('/');
      const known = this.#folded.get(foldName(path));
      if (known !== undefined && known !== path) return 'same-after-case-folding';
      const last = i === segments.length;
      if (this.#files.has(path)) return 'conflict';
      if (last && !directory && this.#dirs.has(path)) return 'conflict';
    }
    return undefined;
  }

  #record(path: string): void {
    this.#folded.set(foldName(path), path);
  }

  /** Makes each missing folder of `segments`, one level at a time. */
  async #folders(segments: string[]): Promise<void> {
    for (let i = 1; i <= segments.length; i++) {
      const path = segments.slice(0, i).join('/');
      if (this.#dirs.has(path)) continue;
      if (this.#options.dir !== undefined) await makeFolder(join(this.#options.dir, ...segments.slice(0, i)));
      this.#dirs.add(path);
      this.#record(path);
    }
  }

  async #directory(segments: string[], mode: number | undefined): Promise<void> {
    await this.#folders(segments);
    if (this.#options.dir !== undefined && segments.length > 0) {
      await chmod(join(this.#options.dir, ...segments), ((mode ?? 0o755) & 0o755) | 0o700);
    }
  }

  async #file(entry: ReadEntry, segments: string[], content: AsyncIterable<Buffer>): Promise<void> {
    if (segments.length === 0) return this.#skip(entry, 'conflict');
    const path = segments.join('/');
    await this.#folders(segments.slice(0, -1));
    const reader = this.#options.readerFor(path);
    const handle =
      this.#options.dir === undefined ? undefined : await openNew(join(this.#options.dir, ...segments));
    let size = 0;
    try {
      for await (const chunk of content) {
        this.#options.caps.take(chunk.length);
        if (handle !== undefined) await writeAll(handle, chunk);
        size += chunk.length;
        await reader?.data(chunk);
      }
      await handle?.chmod(fileMode(entry.mode));
    } finally {
      await handle?.close();
    }
    await reader?.end();
    this.#files.set(path, size);
    this.#record(path);
    this.files += 1;
  }

  /** A hardlink to a file written earlier from this archive becomes a copy of it; any other is skipped. */
  async #hardlink(entry: ReadEntry, segments: string[]): Promise<void> {
    const target = checkEntryName(entry.linkpath ?? '');
    const from = 'segments' in target ? target.segments.join('/') : undefined;
    const size = from === undefined ? undefined : this.#files.get(from);
    if (from === undefined || size === undefined || segments.length === 0)
      return this.#skip(entry, 'hardlink');
    entry.resume();
    const path = segments.join('/');
    await this.#folders(segments.slice(0, -1));
    this.#options.caps.take(size);
    const dir = this.#options.dir;
    if (dir !== undefined) {
      const destination = join(dir, ...segments);
      await copyFile(join(dir, ...from.split('/')), destination, constants.COPYFILE_EXCL);
      await chmod(destination, fileMode(entry.mode));
    }
    this.#files.set(path, size);
    this.#record(path);
    this.files += 1;
  }
}

async function makeFolder(path: string): Promise<void> {
  try {
    await mkdir(path, { mode: 0o755 });
  } catch (error) {
    // Only a folder this writer made may already be there; anything else (a link) is refused.
    const stat = (error as NodeJS.ErrnoException).code === 'EEXIST' ? await lstat(path) : undefined;
    if (stat === undefined || !stat.isDirectory()) throw error;
  }
}

async function openNew(path: string): Promise<FileHandle> {
  return open(path, WRITE_NEW, 0o600);
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}
