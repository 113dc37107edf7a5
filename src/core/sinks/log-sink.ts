// The live log: a line when the run is triggered, a progress line when something changes, a log
// group per finished step (with the tail of its log, fenced so remote text cannot act as workflow
// commands), an annotation per failed step within the runner's cap, and at the end the outcome line.
import type { CiApi } from '../api-port.ts';
import type { Step, Workflow } from '../../api/types.ts';
import { isFinished } from '../../api/types.ts';
import { realSleep, type Clock, type Sleep } from '../../time.ts';
import type { Conclusion, FinalView, FlowSink, TriggerInfo } from '../flow/events.ts';
import type { Remote } from '../model.ts';
import type { Outcome } from '../outcome.ts';
import type { Log } from '../ports.ts';
import { AnnotationBudget, failedStepAnnotation } from '../report/annotations.ts';
import {
  currentStep,
  elapsedMs,
  omittedLinesLine,
  outcomeLine,
  progressLine,
  resultIcon,
  stepHeading,
} from '../report/format.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { applicationLabel, kindOf, pipelineLabel } from '../report/labels.ts';
import type { TailOptions } from '../report/tail.ts';
import {
  createStepLogReader,
  MAX_FAILED_LOG_READS,
  MAX_WHOLE_LOG_READS,
  type StepLogReader,
} from './step-log-reader.ts';
import type { Settings } from '../settings.ts';
import { LiveSteps } from '../live-log/live-steps.ts';
import { liveCadence, stepLogsMode, type StepLogsMode } from '../live-log/mode.ts';

export interface LogSinkDeps {
  log: Log;
  client: CiApi;
  settings: Settings;
  clock: Clock;
  /** Log downloads stop when the job is cancelled. */
  cancel: AbortSignal;
  tail?: TailOptions;
  /**
   * Several targets share one budget of the runner's annotations; its owner then writes the "…and N more"
   * lines once, at the very end.
   */
  annotations?: AnnotationBudget;
  /** Shared with the failed logs, so that a step's log is read once. */
  reader?: StepLogReader;
  /** Waits between reads of a running step's log (`step-logs: live`); default real time. */
  sleep?: Sleep;
  /** One target among several: its label, which every live log line then starts with. */
  label?: string;
}

export function createLogSink(deps: LogSinkDeps): FlowSink {
  return new LogSink(deps);
}

class LogSink implements FlowSink {
  private readonly deps: LogSinkDeps;
  private readonly startedAt: number;
  private readonly annotations: AnnotationBudget;
  private readonly reader: StepLogReader;
  private info: TriggerInfo | undefined;
  private lastProgress = '';
  private lastWorkflow = '';
  /** Failed steps whose logs were asked for. */
  private failedRead = 0;
  /** Steps not streamed whose logs were asked for (`all`, `live`), and whether the cap was said. */
  private wholeRead = 0;
  private saidCapped = false;
  /** The number of steps, once a list holding steps that have not started yet has shown it. */
  private knownTotal: number | undefined;
  private readonly mode: StepLogsMode;
  /** Set while steps are streamed (`step-logs: live`). */
  private live: LiveSteps | undefined;

  constructor(deps: LogSinkDeps) {
    this.deps = deps;
    this.startedAt = deps.clock.now();
    this.annotations = deps.annotations ?? new AnnotationBudget();
    this.reader = deps.reader ?? createStepLogReader({ ...deps });
    this.mode = stepLogsMode(deps.settings.stepLogs, deps.label !== undefined);
    this.live = this.newLive();
  }

  private newLive(): LiveSteps | undefined {
    if (this.mode !== 'live') return undefined;
    const { client, log, cancel, label, tail, settings } = this.deps;
    return new LiveSteps({
      client,
      log,
      cancel,
      sleep: this.deps.sleep ?? realSleep,
      cadence: liveCadence(settings.pollInterval),
      ...(label !== undefined ? { label } : {}),
      ...(tail ? { tail } : {}),
    });
  }

  triggered(info: TriggerInfo): void {
    // A retry is a new run: what was learned of the last one's steps does not carry over.
    this.info = info;
    this.knownTotal = undefined;
    this.lastProgress = '';
    if (this.live) {
      void this.live.stop();
      this.live = this.newLive();
    }
    const { ref, resource } = info;
    const { settings } = this.deps;
    const noun = ref.kind === 'build' ? 'build' : 'run';
    const what = ref.kind === 'run' ? pipelineLabel(resource, settings, info) : applicationLabel(settings);
    const where = [resource.branch ?? settings.branch, (resource.commitHash ?? settings.commit)?.slice(0, 7)]
      .filter(Boolean)
      .join('@');
    const verb = info.attached ? 'Following' : 'Triggered';
    const attempt = info.attempt > 1 ? ` (attempt ${info.attempt}/${info.maxAttempts})` : '';
    this.deps.log.info(
      `${verb} ${noun} ${sanitizeLine(ref.id)}${what ? ` of ${what}` : ''}${where ? ` on ${sanitizeLine(where)}` : ''}${attempt}: ${sanitizeLine(info.web.url)}`,
    );
  }

  update(resource: Remote, steps: readonly Step[]): void {
    // While a step's log is streamed in its group, its own lines show where the run is.
    if (!this.live?.streaming) this.printProgress(resource, steps);
    this.live?.update(steps, (step) => stepHeading(step, this.totalSteps(resource, steps)));
  }

  private printProgress(resource: Remote, steps: readonly Step[]): void {
    const running = currentStep(steps);
    const line = progressLine({
      status: resource.status,
      ...(resource.progress !== undefined ? { progress: resource.progress } : {}),
      ...(running && !isFinished(resource) ? { step: { order: running.order, name: running.name } } : {}),
      ...(this.totalSteps(resource, steps) !== undefined
        ? { totalSteps: this.totalSteps(resource, steps) }
        : {}),
    });
    if (line === this.lastProgress) return;
    this.lastProgress = line;
    const { log } = this.deps;
    (log.progress ?? log.info).call(log, line);
  }

  async stepFinished(
    step: Step,
    steps: readonly Step[],
    runFinished: boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    const { log } = this.deps;
    const failed = step.result !== 'passed';
    const total = runFinished ? steps.length : this.totalSteps(undefined, steps);
    const heading = stepHeading(step, total);
    const lines = this.live
      ? await this.liveFinished(this.live, step, heading, failed, signal)
      : await this.printTail(step, heading, failed, signal);
    // The next step may have been running since the last change: its turn has come.
    this.live?.update(steps, (next) => stepHeading(next, total));

    // While attempts are left, a failure is likely retried: a warning, so a run that passes on a
    // retry leaves no error behind.
    const retrying = this.info !== undefined && this.info.attempt < this.info.maxAttempts;
    const kind = retrying ? 'warning' : 'error';
    if (failed && this.annotations.take(kind)) {
      const annotation = failedStepAnnotation(step, total, lines?.lines ?? []);
      const title = retrying
        ? `${annotation.title} (attempt ${this.info!.attempt}/${this.info!.maxAttempts})`
        : annotation.title;
      log[kind](annotation.message, { title });
    }
  }

  workflowChanged(workflow: Workflow): void {
    const line = workflow.items
      .map((item) => {
        const name = sanitizeLine(item.targetName ?? item.pipelineId ?? item.id, { maxLength: 80 });
        const state = isFinished(item)
          ? `${resultIcon(item.result)} ${sanitizeLine(item.result, { maxLength: 40 })}`
          : `${sanitizeLine(item.status, { maxLength: 40 })}${item.progress !== undefined && item.runId ? ` ${item.progress}%` : ''}`;
        return `${name} ${state}`;
      })
      .join(' · ');
    if (line === this.lastWorkflow) return;
    this.lastWorkflow = line;
    this.deps.log.info(`workflow: ${line}`);
  }

  /** The step streamed has its last line printed and its group closed before the stop is said. */
  async stopping(): Promise<void> {
    await this.stopLive();
  }

  async concluded(conclusion: Conclusion): Promise<void> {
    await this.stopLive();
    this.finish(conclusion.outcome, conclusion.final);
  }

  /** What was read of a step whose streaming stopped stands for its log in the other reports. */
  private async stopLive(): Promise<void> {
    const stopped = await this.live?.stop();
    if (stopped) this.reader.stopped(stopped.step, stopped.tail);
  }

  /** A step streamed has the rest of its log read; one first seen finished is read whole, within the caps. */
  private liveFinished(
    live: LiveSteps,
    step: Step,
    heading: string,
    failed: boolean,
    signal: AbortSignal | undefined,
  ) {
    const read = live.streams(step) || (step.logUrl !== undefined && this.readable(failed));
    // A read is shared with the failed logs; a log not read is not, so that they may still read it.
    return read
      ? this.reader.share(step, live.finished(step, heading, signal))
      : live.finished(step, heading, signal, false);
  }

  /** Today's step-end printing: the tail of the step's log in its group (`failed`, `all`), or its line. */
  private async printTail(step: Step, heading: string, failed: boolean, signal: AbortSignal | undefined) {
    const { log } = this.deps;
    const printTail = this.mode === 'all' || (this.mode === 'failed' && failed);
    const lines =
      (printTail || failed) && this.readable(failed) ? await this.reader.tail(step, signal) : undefined;
    if (printTail && lines) {
      log.startGroup(heading);
      log.remote(lines.lines);
      const omitted = omittedLinesLine(lines.truncatedLines, lines.totalBytes);
      if (omitted) log.info(omitted);
      log.endGroup();
    } else {
      log.info(heading);
    }
    return lines;
  }

  /**
   * Whether the log of a step that was not streamed is read. A failed step's: among the first
   * MAX_FAILED_LOG_READS failed steps. Any step's, with `all` or `live`: among the first MAX_WHOLE_LOG_READS
   * steps not streamed, so that a run of a thousand steps seen finished is not a thousand reads; past
   * them each step is named by its result line, and one line says why.
   */
  private readable(failed: boolean): boolean {
    const failedRead = failed && ++this.failedRead <= MAX_FAILED_LOG_READS;
    if (this.mode !== 'all' && this.mode !== 'live') return failedRead;
    if (++this.wholeRead <= MAX_WHOLE_LOG_READS || failedRead) return true;
    if (!this.saidCapped) {
      this.saidCapped = true;
      this.deps.log.info(capLine(this.mode));
    }
    return false;
  }

  private finish(outcome: Outcome, final: FinalView): void {
    const { log, settings } = this.deps;
    if (!this.deps.annotations) writeOverflow(this.annotations, log);
    const durationMs =
      elapsedMs(final.resource?.startedAt, final.resource?.finishedAt) ??
      this.deps.clock.now() - this.startedAt;
    if (outcome.kind !== 'triggered')
      log.info(outcomeLine(outcome.kind, kindOf(settings, this.info), durationMs));
  }

  /** Known once the list holds steps that have not started yet, or once the run is over. */
  private totalSteps(resource: Remote | undefined, steps: readonly Step[]): number | undefined {
    if (steps.length === 0) return undefined;
    if ((resource && isFinished(resource)) || steps.some((step) => step.status === 'notstarted')) {
      this.knownTotal = Math.max(this.knownTotal ?? 0, steps.length);
    }
    // Once the whole list has been seen, it stays known while the last steps run.
    return this.knownTotal !== undefined && steps.length <= this.knownTotal ? this.knownTotal : undefined;
  }
}

/** Said once, when a step is the first whose log is past the cap. */
function capLine(mode: 'all' | 'live'): string {
  const which = mode === 'live' ? 'steps first seen finished' : 'steps';
  return `The logs of the first ${MAX_WHOLE_LOG_READS} ${which} were printed; the later ones are named only${mode === 'live' ? ' (a step seen running is still streamed)' : ''}, and failed ones are read up to ${MAX_FAILED_LOG_READS}.`;
}

/** The closing "…and N more" annotations of a budget, once every annotation it counted has been asked for. */
export function writeOverflow(budget: AnnotationBudget, log: Log): void {
  const overflow = budget.overflowLine('error');
  if (overflow) log.error(overflow);
  const retriedOverflow = budget.overflowLine('warning');
  if (retriedOverflow) log.warning(retriedOverflow);
}
