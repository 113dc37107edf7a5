// One lifecycle for every GitHub report, so that a report is only its payloads (src/github/reports/): what to
// send when it opens, as the run moves, and when it ends. The lifecycle owns the rest: the report's writer
// (report-writer.ts), its place in the open-report entry (open-reports.ts), the first signal's time, `wait:
// false` (the report is left open on purpose, out of the entry), the last writes' deadline, and post's ending
// for a report main left open, sent through the same mapping from ending to payload as main's.
import type { AnnotationPlace } from '../core/report-paths.ts';
import type { TestCase, TestFacts } from '../core/test-results.ts';
import type { Step } from '../api/types.ts';
import type { OutputName, Outputs } from '../core/contract.ts';
import type { CancelSignals } from '../core/flow/cancel.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../core/flow/events.ts';
import type { Remote } from '../core/model.ts';
import type { OutcomeKind } from '../core/outcome-kind.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import { handleIn, type Handle, type OpenGitHubReports, type OpenReportsEntry } from './open-reports.ts';
import type { GitHubApi } from './port.ts';
import { ReportWriter, type WriterDeps } from './report-writer.ts';
import type { ReportKind } from './settings.ts';

/** What every report is given while main follows the run. */
export interface ReportDeps extends WriterDeps {
  api: GitHubApi;
  outputs: Outputs;
  cancel: CancelSignals;
  /** Where annotations point: the workflow file, else `.github`. */
  annotationPath: string;
  /** The ends of failed steps' logs, read while the run went on. */
  failedLogs?: ReadonlyMap<string, Pick<StepLogFacts, 'firstError'>>;
  /** The test reports read by the target's end (`test-reports`), when it ends. */
  tests?(): TestFacts | undefined;
  /** Where a failed test's annotation points in the repository, if anywhere. */
  placeTest?(test: TestCase): AnnotationPlace | undefined;
  /** The job summary's content for this conclusion, within `maxBytes`. */
  summary(conclusion: Conclusion, info: TriggerInfo | undefined, maxBytes: number): string;
}

/**
 * One write of a report, sent once the report has its handle. `retry`: an earlier try may have taken effect
 * (its answer was lost); `signal` ends the request at the writer's deadline.
 */
export type Send<H extends Handle> = (handle: H, retry: boolean, signal: AbortSignal) => Promise<void>;

/** What one report sends while main follows one run; made once per run, so it may remember what it sent. */
interface Payloads<H extends Handle> {
  /** Said when `wait: false` leaves the report open for a later step to finish. */
  leftOpen: string;
  /**
   * How the report comes to be: a function makes it for the first attempt (or finds the one an earlier step,
   * `first.attached`, or a lost answer, `retry`, made) and answers its id; a plain handle means it is there
   * with its first write.
   */
  open: H | ((first: TriggerInfo, retry: boolean, signal: AbortSignal) => Promise<H>);
  /** Each attempt, the `first` or a retry, before anything of it is sent: what to send, if anything. */
  attempt(info: TriggerInfo, first: boolean): Send<H> | undefined;
  /** The run moved: what to send, if anything. */
  update?(info: TriggerInfo, resource: Remote, steps: readonly Step[]): Send<H> | undefined;
  /** The ending: the first write completes the report; later ones (annotation batches) add to it. */
  ended(conclusion: Conclusion, info: TriggerInfo): Array<Send<H>>;
}

/** How the run ended as post can tell it: the outcome and the one line that says it. */
export interface ReportEnding {
  outcome: OutcomeKind;
  line: string;
}

/** A report main left open, as post finishes it (its handle comes with the write). */
interface LeftOpen {
  /** The report's name from the inputs, when they still give one. */
  name: string | undefined;
  ending: ReportEnding;
  /** The page main's reports linked to. */
  targetUrl?: string;
}

interface FinishDeps extends WriterDeps {
  api: GitHubApi;
  /** Epoch ms: no write lasts past it (the post step's budget). */
  deadline?: number;
}

/** A GitHub report: its payloads, and what the lifecycle needs to know of it. */
export interface ReportSpec<H extends Handle> {
  /** How warnings and the permission help name it. */
  kind: ReportKind;
  /** Its key in the open-report entry: ending in `Id` exactly when its handle is an id. */
  openAs: H extends number ? `${string}Id` : string;
  /** The output that names its id, set once the report is made or found. */
  output?: OutputName;
  payloads(name: string, deps: ReportDeps): Payloads<H>;
  /** Post's ending for the report main left open; undefined when there is nothing to send. */
  finish(left: LeftOpen, deps: Pick<FinishDeps, 'api' | 'clock'>): Send<H> | undefined;
}

/** A report as the rest of GitHub reporting sees it. */
export interface GitHubReport {
  /** The report named `name` as a sink of one target, keeping its part of `entry`. */
  sink(name: string, deps: ReportDeps, entry: OpenReportsEntry): FlowSink;
  /** Post: sends the ending to the report main left open in `open`, if it did; true once it landed. */
  finish(
    name: string | undefined,
    open: OpenGitHubReports,
    ending: ReportEnding,
    deps: FinishDeps,
  ): Promise<boolean> | undefined;
}

/** How long post's ending may keep trying, at most. */
const BACKSTOP_PATIENCE_MS = 20_000;

export function defineReport<H extends Handle>(spec: ReportSpec<H>): GitHubReport {
  return {
    sink: (name, deps, entry) => reportSink(spec, name, deps, entry),
    finish(name, open, ending, deps) {
      // readOpenReports let through only ids under keys ending in `Id`, and `true` under the others: what
      // `openAs` says of this report's handle.
      const handle = handleIn(open, spec.openAs) as H | undefined;
      if (handle === undefined) return undefined;
      const { targetUrl } = open;
      const write = spec.finish({ name, ending, ...(targetUrl ? { targetUrl } : {}) }, deps);
      if (!write) return undefined;
      const writer = new ReportWriter(spec.kind, deps);
      writer.enqueue('state', (retry, signal) => write(handle, retry, signal));
      return writer.drain(Math.min(deps.clock.now() + BACKSTOP_PATIENCE_MS, deps.deadline ?? Infinity));
    },
  };
}

function reportSink<H extends Handle>(
  spec: ReportSpec<H>,
  name: string,
  deps: ReportDeps,
  entry: OpenReportsEntry,
): FlowSink {
  const part = entry.part(spec.openAs);
  // A report stopped for a missing permission is not left for post either: post writes with the same token
  // and would only be refused again, with the same warning a second time.
  const writer = new ReportWriter(spec.kind, deps, () => part.close());
  const cancelledAt = watchCancel(deps);
  const payloads = spec.payloads(name, deps);
  let info: TriggerInfo | undefined;
  let handle: H | undefined;

  const adopt = (found: H) => {
    handle = found;
    if (spec.output) deps.outputs.set(spec.output, String(found));
    part.mark(found, info!.web.url);
  };
  const send = (key: string, write: Send<H> | undefined) => {
    if (!write) return;
    writer.enqueue(key, async (retry, signal) => {
      if (handle !== undefined) await write(handle, retry, signal);
    });
  };
  // The first attempt's report is the run's for good, even if a retry comes while its create is being sent.
  const open = (first: TriggerInfo) => {
    const { open } = payloads;
    if (typeof open !== 'function') return adopt(open);
    writer.enqueue('create', async (retry, signal) => adopt(await open(first, retry, signal)));
  };

  return {
    // Once per attempt: the first opens the report, a retry points it at the newest run.
    triggered(triggered) {
      const first = info === undefined;
      info = triggered;
      const write = payloads.attempt(triggered, first);
      if (first) open(triggered);
      else if (handle !== undefined) part.mark(handle, triggered.web.url);
      send('state', write);
    },
    update(resource, steps) {
      if (info) send('state', payloads.update?.(info, resource, steps));
    },
    async concluded(conclusion) {
      if (!info) return;
      const deadline = () => finishDeadline(deps, cancelledAt());
      if (conclusion.outcome.kind === 'triggered') {
        deps.log.info(payloads.leftOpen);
        part.close();
        await writer.drain(deadline(), deps.cancel.hurry);
        return;
      }
      payloads.ended(conclusion, info).forEach((write, index) => {
        send(index === 0 ? 'state' : `ending ${index}`, write);
      });
      await writer.drain(deadline(), deps.cancel.hurry);
      // Finished once the completing write landed (a later annotation batch that did not is a warning only,
      // since post's ending would replace the summary); an ending that gave up at the deadline, was refused or
      // was cut short by a second signal stays open for post.
      if (writer.written('state')) part.close();
    },
  };
}

/** After a cancel, the runner sends SIGTERM 7.5 s after SIGINT; the reports must be written by then. */
const CANCEL_WINDOW_MS = 6500;
/** Without a cancel, the last writes may keep trying this long (rate limits, 5xx). */
const FINISH_PATIENCE_MS = 60_000;

/** The time the reports' last writes must end by; measured from the first signal when cancelled. */
function finishDeadline(deps: Pick<ReportDeps, 'clock' | 'cancel'>, cancelledAt: number | undefined): number {
  if (deps.cancel.signal.aborted) return (cancelledAt ?? deps.clock.now()) + CANCEL_WINDOW_MS;
  return deps.clock.now() + FINISH_PATIENCE_MS;
}

/** Remembers when the first signal came. */
function watchCancel(deps: Pick<ReportDeps, 'clock' | 'cancel'>): () => number | undefined {
  let at: number | undefined;
  if (deps.cancel.signal.aborted) at = deps.clock.now();
  else deps.cancel.signal.addEventListener('abort', () => (at = deps.clock.now()), { once: true });
  return () => at;
}
