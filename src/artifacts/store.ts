// One step's archive, from its bytes to its folder: streamed into a staging folder `.ci-run-partial-*`
// inside the artifacts root and moved into place only once complete, replacing what was there (never
// merging). The staging folder is removed on every other way out: a refusal, a cap, a cut or damaged
// archive, a full disk, an abort, a failing source. An abort and the source's own errors are thrown as
// they came, after the cleanup; what is wrong with the archive or the disk is a result.
import { join } from 'node:path';
import type { ByteBudget } from './byte-budget.ts';
import { StepCaps, TooLarge } from './caps.ts';
import type { SkipReason } from './entry-rules.ts';
import { KeptArchive } from './kept-archive.ts';
import { captureOutputs } from './outputs-capture.ts';
import { destinationOf, makeStaging, moveIntoPlace, removeStaging } from './placing.ts';
import { type EntryReader, StagingWriter } from './staging-writer.ts';
import { ArchiveDamaged, ArchiveRefused, SourceFailed, walkTarGz } from './tar-walk.ts';

export const MAX_ENTRIES = 100_000;

/**
 * The most a step's tar may inflate to: twice `artifacts-max-size` and 64 MiB for headers and padding.
 * Skipped entries are never written, but a bomb of them would still keep a core busy.
 */
function maxInflatedOf(maxBytes: number): number {
  return 2 * maxBytes + 64 * 1024 * 1024;
}

export interface StoreOptions {
  /** The artifacts root, as `openArtifactsRoot()` returned it: a real folder, no link on the way. */
  root: string;
  /** The step's folder relative to the root, as `artifactFolder()` made it. */
  folder: string;
  /** `artifacts-max-size`: the most bytes written for this step. */
  maxBytes: number;
  /** `artifacts-max-total`, shared by every download of the step. */
  budget?: ByteBudget;
  /** false keeps the archive as `<folder>.tar.gz`, checking only the caps. Default true. */
  extract?: boolean;
  /** false writes nothing at all (only `outputsFile` and `onEntry` read the entries). Default true. */
  write?: boolean;
  /** A path inside the archive whose content (at most 64 KiB) comes back as `outputsText`. */
  outputsFile?: string;
  /** Entries a caller wants as they stream (path with `/`, as written): a reader, or undefined. */
  onEntry?: (path: string) => EntryReader | undefined;
  signal?: AbortSignal;
}

type StoreStatus = 'stored' | 'refused' | 'failed' | 'too-large';

export interface StoreResult {
  status: StoreStatus;
  /** The absolute folder (or `.tar.gz` file), when stored and written. */
  folder?: string;
  /** Regular files written (read, with `write: false`), hardlink copies included. */
  files: number;
  /** Bytes written: of the files, or of the kept archive. */
  bytes: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** The first 5 skipped names, made inert. */
  firstSkipped: string[];
  /** The outputs file's text (at most 64 KiB), when it was found. */
  outputsText?: string;
  /** Why it was not stored, in words (no URL). */
  reason?: string;
}

interface Outcome {
  status: StoreStatus;
  reason?: string;
}

export async function storeArchive(
  source: AsyncIterable<Uint8Array>,
  options: StoreOptions,
): Promise<StoreResult> {
  const write = options.write !== false;
  const extract = options.extract !== false;
  const destination = write ? destinationOf(options.root, options.folder, extract) : undefined;
  const staging = write ? await makeStaging(options.root) : undefined;
  const caps = new StepCaps(write ? options.maxBytes : Infinity, write ? options.budget : undefined);
  const outputs = captureOutputs(options.outputsFile);
  const wantsEntries = outputs !== undefined || options.onEntry !== undefined;
  const writer = new StagingWriter({
    dir: extract ? staging : undefined,
    caps: extract ? caps : new StepCaps(Infinity, undefined),
    maxEntries: MAX_ENTRIES,
    readerFor: (path) => (path === outputs?.path ? outputs.reader : options.onEntry?.(path)),
  });
  const kept =
    extract || staging === undefined
      ? undefined
      : new KeptArchive(
          join(staging, 'archive.tar.gz'),
          caps,
          options.signal,
          maxInflatedOf(options.maxBytes),
        );
  let outcome: Outcome = { status: 'stored' };
  try {
    if (kept === undefined) await walkTarGz(source, writer, options.signal, maxInflatedOf(options.maxBytes));
    else await kept.keep(source, wantsEntries ? writer : undefined);
    if (staging !== undefined && destination !== undefined) {
      await moveIntoPlace(kept?.file ?? staging, destination, options.root);
    }
  } catch (error) {
    await removeStaging(staging);
    caps.giveBack();
    if (isThrown(error, options.signal)) throw error instanceof SourceFailed ? error.cause : error;
    outcome = failedOutcome(error);
  }
  // A kept archive was moved out of its staging folder, which is left empty.
  if (kept !== undefined && outcome.status === 'stored') await removeStaging(staging);
  return resultOf(outcome, destination, writer, write ? caps.bytes : 0, outputs?.text());
}

function resultOf(
  outcome: Outcome,
  destination: string | undefined,
  writer: StagingWriter,
  bytes: number,
  outputsText: string | undefined,
): StoreResult {
  const stored = outcome.status === 'stored';
  return {
    status: outcome.status,
    ...(stored && destination !== undefined ? { folder: destination } : {}),
    files: stored ? writer.files : 0,
    bytes: stored ? bytes : 0,
    skipped: writer.tally.counts,
    firstSkipped: writer.tally.firstNames,
    ...(outputsText !== undefined ? { outputsText } : {}),
    ...(outcome.reason !== undefined ? { reason: outcome.reason } : {}),
  };
}

/** An abort and the source's own failures are the caller's to handle: they are thrown, not a result. */
function isThrown(error: unknown, signal: AbortSignal | undefined): boolean {
  return error instanceof SourceFailed || (signal?.aborted === true && error === signal.reason);
}

function failedOutcome(error: unknown): Outcome {
  if (error instanceof ArchiveRefused) {
    return { status: 'refused', reason: `not a gzipped tar archive: ${error.message}` };
  }
  if (error instanceof TooLarge) return { status: 'too-large', reason: error.message };
  if (error instanceof ArchiveDamaged) return { status: 'failed', reason: error.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return { status: 'failed', reason: 'the disk is full (ENOSPC)' };
  if (typeof code === 'string')
    return { status: 'failed', reason: `the files could not be written (${code})` };
  return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
}
