// A target's artifacts, brought back as its steps finish: each finished step that `artifacts` names (or
// every one, with `all`) is read from its `artifactsUrl` and stored in its folder; with `outputs-file`,
// every archive is read for its values as well (written only where `artifacts` asks). Reads start without
// holding up the follow loop, at most 4 at a time, and the flow waits for them before it decides
// (`settling`): the facts they make (`facts.artifacts`) are complete before anything reports the end. A
// failed, refused or cut read is a warning, never the outcome; only `if-no-artifacts: error` fails the step.
import type { Step } from '../../api/types.ts';
import { describeFailure } from '../../api/errors.ts';
import type { Clock, Sleep } from '../../time.ts';
import { sanitizeLine } from '../../text/safety.ts';
import type { CiApi } from '../api-port.ts';
import type { ArtifactEntry, ArtifactFacts, ArtifactStatus } from '../artifacts/facts.ts';
import { artifactsOutput } from '../artifacts/facts.ts';
import type { ArtifactFiles, ReportReaders, ReportReading, StoredArchive } from '../artifacts/files.ts';
import type { TestReport } from '../test-results.ts';
import { failedTestsOutput, testsOutput } from '../test-results.ts';
import type { TestFacts } from '../test-results.ts';
import { testFacts } from './test-reports.ts';
import { ArtifactUnavailable, artifactBytes, StartOver } from '../artifacts/source.ts';
import { DownloadProgress, type Download } from './download-progress.ts';
import type { Outputs } from '../contract.ts';
import type { FlowSink, TargetFacts } from '../flow/events.ts';
import type { Log } from '../ports.ts';
import { addRemoteOutputs, emptyRemoteOutputs, type RemoteOutputs } from '../remote-outputs.ts';
import { formatBytes } from '../report/format.ts';
import type { ArtifactSettings } from '../settings/artifacts.ts';

/** Reads of one target's archives at once. */
const AT_ONCE = 4;
/** Fresh starts of one archive whose read could not be resumed. */
const START_OVERS = 2;

export interface ArtifactsSinkOptions {
  settings: ArtifactSettings;
  client: CiApi;
  files: ArtifactFiles;
  log: Log;
  clock: Clock;
  sleep: Sleep;
  /** Where the facts go, for the sinks after this one. */
  facts: TargetFacts;
  /** The target's label (its folder among several), or undefined with one target. */
  label?: string;
  /** The step's outputs with one target; none among several (the step writes them, combined). */
  outputs?: Outputs;
  /** The job's cancel, for a read told without the flow's own signal. */
  cancel: AbortSignal;
  /**
   * Where a line about the archives being read goes, at most once a second once one has been read for a
   * second (a terminal's progress line), and `undefined` once they are over; the action gives none.
   */
  progress?: (line: string | undefined) => void;
}

export function createArtifactsSink(options: ArtifactsSinkOptions): FlowSink {
  const { settings, log } = options;
  const label = options.label ?? '';
  const wanted = (name: string) => writesStep(settings, name);
  let attempt = 1;
  let attemptStop = new AbortController();
  let pending: Array<Promise<Read>> = [];
  let discarding = Promise.resolve();
  const slots = new Slots(AT_ONCE);
  const progress = options.progress ? new DownloadProgress(options.clock, options.progress) : undefined;
  const readers = settings.testReports.length > 0 ? options.files.testReports?.forTarget() : undefined;

  const stepFinished = (step: Step, signal: AbortSignal | undefined): void => {
    const write = wanted(step.name);
    if (!write && settings.outputsFile === undefined && readers === undefined) return;
    if (!step.artifactsUrl) {
      if (write) pending.push(Promise.resolve(noneEntry(step, label, attempt)));
      return;
    }
    const stop = AbortSignal.any([signal ?? options.cancel, attemptStop.signal]);
    const reading = { step, attempt, label, write };
    pending.push(discarding.then(() => readArchive(options, slots, reading, stop, readers, progress)));
  };

  return {
    triggered(info) {
      if (info.attempt === attempt) return;
      // A retry: the attempt that decides is kept; the reads of the one before stop, and what it stored goes.
      attempt = info.attempt;
      attemptStop.abort(new Error('a new attempt was triggered'));
      attemptStop = new AbortController();
      const before = pending;
      pending = [];
      // The new attempt's reads wait for this, so a folder it stores is never the one removed.
      discarding = Promise.all(before)
        .then((entries) =>
          Promise.all(
            entries.flatMap((entry) => (entry.folder ? [options.files.discard(entry.folder)] : [])),
          ),
        )
        .then(
          () => undefined,
          () => undefined,
        );
    },
    stepFinished: async (step, _steps, _runFinished, signal) => stepFinished(step, signal),
    async settling(final) {
      const done = await Promise.all(pending);
      // Said now, in step order and outside any step's group, rather than as each read ends.
      for (const entry of [...done].sort((one, other) => one.order - other.order)) {
        if (wanted(entry.step)) report(entry, log, options.files.root);
      }
      const facts = factsOf(done, settings, options.files.root, final.steps);
      options.facts.artifacts = facts;
      if (readers) options.facts.tests = testFacts(done, label, log);
      warnMissing(facts, settings, log);
      if (facts.remoteOutputs && facts.remoteOutputs.dropped > 0) {
        log.warning(
          `${facts.remoteOutputs.dropped} entries of ${settings.outputsFile} were dropped: unreadable, a refused key, or past 100 keys or 64 KiB.`,
        );
      }
      if (options.outputs) writeArtifactOutputs(options.outputs, facts, options.facts.tests);
    },
  };
}

type Read = ArtifactEntry & {
  outputsText?: string;
  /** The test reports its archive held (`test-reports`). */
  reports?: TestReport[];
  skipped?: StoredArchive['skipped'];
  firstSkipped?: string[];
};

/** One step's archive, read and stored (or only read) in its turn among the target's reads. */
async function readArchive(
  options: ArtifactsSinkOptions,
  slots: Slots,
  { step, attempt, label, write }: { step: Step; attempt: number; label: string; write: boolean },
  signal: AbortSignal,
  readers: ReportReaders | undefined,
  progress: DownloadProgress | undefined,
): Promise<Read> {
  const base = { target: label, order: step.order, step: step.name, attempt, files: 0, bytes: 0 };
  try {
    await slots.take(signal);
  } catch (error) {
    return { ...base, ...failedEntry(error, signal) };
  }
  try {
    for (let start = 0; ; start++) {
      const download = progress?.begin(`step ${step.order} ${JSON.stringify(step.name)}`);
      try {
        const bytes = artifactBytes(options.client, step.artifactsUrl!, {
          clock: options.clock,
          sleep: options.sleep,
          signal,
          ...(step.finishedAt ? { finishedAt: step.finishedAt.getTime() } : {}),
          ...(download ? { onLength: (length: number) => download.length(length) } : {}),
        });
        const source = download ? counted(bytes, download) : bytes;
        const reports: ReportReading[] = [];
        const onEntry = readers
          ? (path: string) => {
              const reader = readers(path);
              if (reader) reports.push(reader);
              return reader;
            }
          : undefined;
        const stored = await options.files.store(source, placeOf(step, options.label), {
          write,
          signal,
          ...(onEntry ? { onEntry } : {}),
        });
        return {
          ...base,
          ...entryOf(stored),
          ...(stored.outputsText !== undefined ? { outputsText: stored.outputsText } : {}),
          ...(reports.length > 0 ? { reports: reports.map((reader) => reader.result()) } : {}),
        };
      } catch (error) {
        // A read that could not go on where it was cut starts again, in a fresh temporary folder.
        if (error instanceof StartOver && start < START_OVERS) continue;
        return { ...base, ...failedEntry(error, signal) };
      } finally {
        download?.end();
      }
    }
  } finally {
    slots.give();
  }
}

/** The archive's bytes as they are handed on, counted for the progress line. */
async function* counted(bytes: AsyncIterable<Uint8Array>, download: Download): AsyncGenerator<Uint8Array> {
  for await (const chunk of bytes) {
    download.got(chunk.length);
    yield chunk;
  }
}

/** Whether a step's artifacts are written (`artifacts` names it, or is `all`), not only read. */
function writesStep(settings: ArtifactSettings, name: string): boolean {
  return settings.steps === 'all' || (settings.steps !== 'none' && settings.steps.includes(name));
}

/** The three outputs of one target's artifacts. */
export function writeArtifactOutputs(
  outputs: Outputs,
  facts: ArtifactFacts,
  tests: TestFacts | undefined,
): void {
  outputs.set('artifacts-path', facts.root);
  outputs.set('artifacts', JSON.stringify(artifactsOutput(facts.entries)));
  outputs.set('remote-outputs', JSON.stringify(facts.remoteOutputs?.values ?? {}));
  if (tests) {
    outputs.set('tests', JSON.stringify(testsOutput(tests.steps)));
    outputs.set('failed-tests', JSON.stringify(failedTestsOutput(tests.steps)));
  }
}

function placeOf(step: Step, label: string | undefined) {
  return { order: step.order, step: step.name, ...(label !== undefined ? { label } : {}) };
}

function entryOf(stored: StoredArchive): Pick<
  ArtifactEntry,
  'status' | 'folder' | 'files' | 'bytes' | 'reason'
> & {
  skipped: StoredArchive['skipped'];
  firstSkipped: string[];
} {
  return {
    status: stored.status,
    ...(stored.folder !== undefined ? { folder: stored.folder } : {}),
    files: stored.files,
    bytes: stored.bytes,
    ...(stored.reason !== undefined ? { reason: stored.reason } : {}),
    skipped: stored.skipped,
    firstSkipped: stored.firstSkipped,
  };
}

function failedEntry(error: unknown, signal: AbortSignal): { status: ArtifactStatus; reason: string } {
  if (signal.aborted)
    return { status: 'failed', reason: 'the read was stopped (cancelled, timed out, or a new attempt)' };
  if (error instanceof ArtifactUnavailable || error instanceof StartOver)
    return { status: 'failed', reason: error.message };
  const failure = describeFailure(error);
  if (failure.word === 'url-refused') return { status: 'not-allowed', reason: failure.message };
  return { status: 'failed', reason: sanitizeLine(failure.message, { maxLength: 300 }) };
}

function noneEntry(step: Step, target: string, attempt: number): ArtifactEntry {
  return { target, order: step.order, step: step.name, status: 'none', files: 0, bytes: 0, attempt };
}

/** The log says where each step's artifacts went, or why they did not come. */
function report(
  entry: ArtifactEntry & { skipped?: Partial<Record<string, number>>; firstSkipped?: string[] },
  log: Log,
  root: string,
): void {
  const name = `step ${entry.order} ${JSON.stringify(sanitizeLine(entry.step, { maxLength: 100 }))}`;
  if (entry.status === 'stored') {
    const where = sanitizeLine(entry.folder ?? root, { maxLength: 300 });
    log.info(
      `Artifacts of ${name}: ${entry.files} file${entry.files === 1 ? '' : 's'}, ${formatBytes(entry.bytes)}, in ${where}`,
    );
  } else if (entry.status !== 'none') {
    log.warning(
      `Artifacts of ${name} not brought back (${entry.status}): ${sanitizeLine(entry.reason ?? 'no reason given', { maxLength: 300 })}`,
    );
  }
  const skipped = Object.entries(entry.skipped ?? {}).filter(([, count]) => (count ?? 0) > 0);
  if (skipped.length > 0) {
    const total = skipped.reduce((sum, [, count]) => sum + (count ?? 0), 0);
    const reasons = skipped.map(([reason, count]) => `${count} ${reason}`).join(', ');
    const names = (entry.firstSkipped ?? []).map((each) => sanitizeLine(each, { maxLength: 100 })).join(', ');
    log.warning(
      `Artifacts of ${name}: ${total} entr${total === 1 ? 'y' : 'ies'} skipped (${reasons})${names ? `: ${names}` : ''}.`,
    );
  }
}

function factsOf(
  done: ReadonlyArray<ArtifactEntry & { outputsText?: string; skipped?: unknown; firstSkipped?: unknown }>,
  settings: ArtifactSettings,
  root: string,
  steps: readonly Step[],
): ArtifactFacts {
  const ordered = [...done].sort((one, other) => one.order - other.order);
  let remote: RemoteOutputs | undefined =
    settings.outputsFile !== undefined ? emptyRemoteOutputs() : undefined;
  for (const entry of ordered)
    if (remote && entry.outputsText !== undefined) remote = addRemoteOutputs(remote, entry.outputsText);
  const written = ordered.filter((entry) => writesStep(settings, entry.step));
  const entries: ArtifactEntry[] = written.map(
    ({ target, order, step, status, folder, files, bytes, attempt, reason }) => ({
      target,
      order,
      step,
      status,
      ...(folder !== undefined ? { folder } : {}),
      files,
      bytes,
      attempt,
      ...(reason !== undefined ? { reason } : {}),
    }),
  );
  const missing: string[] = [];
  if (Array.isArray(settings.steps)) {
    for (const name of settings.steps) {
      if (!steps.some((step) => step.name === name)) {
        missing.push(name);
        entries.push({
          target: written[0]?.target ?? '',
          order: 0,
          step: name,
          status: 'none',
          files: 0,
          bytes: 0,
          attempt: written[0]?.attempt ?? 1,
          reason: 'the run has no such step',
        });
      } else if (entries.some((entry) => entry.step === name && entry.status === 'none')) missing.push(name);
    }
  } else if (settings.steps === 'all' && !entries.some((entry) => entry.status !== 'none')) missing.push('*');
  return { root, entries, ...(remote ? { remoteOutputs: remote } : {}), missing };
}

function warnMissing(facts: ArtifactFacts, settings: ArtifactSettings, log: Log): void {
  if (facts.missing.length === 0 || settings.ifNone === 'ignore') return;
  const what = facts.missing.includes('*')
    ? 'No step of the run stored artifacts'
    : `Stored no artifacts: ${facts.missing.map((name) => JSON.stringify(sanitizeLine(name, { maxLength: 100 }))).join(', ')}`;
  if (settings.ifNone === 'warn') log.warning(`${what} (if-no-artifacts: warn).`);
}

/** At most `size` holders at once; a waiter gives up when its signal fires. */
class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  async take(signal: AbortSignal): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }
}
