// The live reporter: a line when the run is triggered, a progress line when something changes, a log
// group per finished step (with the tail of its log, fenced so remote text cannot act as workflow
// commands), an annotation per failed step within the runner's cap, and at the end the outcome line
// and the job summary.
import type { ApiClient } from '../api/client.ts';
import type { Step, Workflow } from '../api/types.ts';
import { isFinished } from '../api/types.ts';
import type { Clock } from '../time.ts';
import type { FinalView, Reporter, TriggerInfo } from './execute.ts';
import type { Remote } from './follow.ts';
import type { Outcome } from './outcome.ts';
import type { Log, SummarySink } from './ports.ts';
import { AnnotationBudget, failedStepAnnotation } from './report/annotations.ts';
import {
  currentStep,
  elapsedMs,
  omittedLinesLine,
  outcomeLine,
  progressLine,
  resultIcon,
  stepHeading,
} from './report/format.ts';
import { messageOf } from '../text/message.ts';
import { fenceLogLines, sanitizeLine } from '../text/safety.ts';
import { renderSummary, toSummaryStep, type SummaryData } from './report/summary.ts';
import { tailLines, type TailOptions } from './report/tail.ts';
import type { Settings } from './settings.ts';

export interface ReporterDeps {
  log: Log;
  summary: SummarySink;
  client: ApiClient;
  settings: Settings;
  clock: Clock;
  /** Log downloads stop when the job is cancelled. */
  cancel: AbortSignal;
  tail?: TailOptions;
  /** Receives the summary's data at the end, whether or not the summary is written (the CLI prints it as text). */
  onSummary?: (data: SummaryData) => void;
}

export function createReporter(deps: ReporterDeps): Reporter {
  return new LiveReporter(deps);
}

class LiveReporter implements Reporter {
  private readonly deps: ReporterDeps;
  private readonly startedAt: number;
  private readonly annotations = new AnnotationBudget();
  private info: TriggerInfo | undefined;
  private lastProgress = '';
  private lastWorkflow = '';
  /** The number of steps, once a list holding steps that have not started yet has shown it. */
  private knownTotal: number | undefined;

  constructor(deps: ReporterDeps) {
    this.deps = deps;
    this.startedAt = deps.clock.now();
  }

  triggered(info: TriggerInfo): void {
    this.info = info;
    const { ref, resource } = info;
    const { settings } = this.deps;
    const noun = ref.kind === 'build' ? 'build' : 'run';
    const what = ref.kind === 'run' ? this.pipelineLabel(resource) : this.applicationLabel();
    const where = [resource.branch ?? settings.branch, (resource.commitHash ?? settings.commit)?.slice(0, 7)]
      .filter(Boolean)
      .join('@');
    const verb = info.attached ? 'Following' : 'Triggered';
    this.deps.log.info(
      `${verb} ${noun} ${sanitizeLine(ref.id)}${what ? ` of ${what}` : ''}${where ? ` on ${sanitizeLine(where)}` : ''}: ${sanitizeLine(ref.url)}`,
    );
  }

  update(resource: Remote, steps: readonly Step[]): void {
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

  async stepFinished(step: Step, steps: readonly Step[], runFinished: boolean): Promise<void> {
    const { log, settings } = this.deps;
    const failed = step.result !== 'passed';
    const printTail = settings.stepLogs === 'all' || (settings.stepLogs === 'failed' && failed);
    const total = runFinished ? steps.length : this.totalSteps(undefined, steps);
    const heading = stepHeading(step, total);
    const lines = printTail || failed ? await this.logTail(step) : undefined;

    if (printTail && lines) {
      log.startGroup(heading);
      for (const line of fenceLogLines(lines.lines)) log.info(line);
      const omitted = omittedLinesLine(lines.truncatedLines, lines.totalBytes);
      if (omitted) log.info(omitted);
      log.endGroup();
    } else {
      log.info(heading);
    }

    if (failed && this.annotations.take('error')) {
      const annotation = failedStepAnnotation(step, total, lines?.lines ?? []);
      log.error(annotation.message, { title: annotation.title });
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

  async finish(outcome: Outcome, final: FinalView): Promise<void> {
    const { log, settings } = this.deps;
    const overflow = this.annotations.overflowLine('error');
    if (overflow) log.error(overflow);
    const kind = this.info?.ref.kind ?? (settings.target.kind === 'application' ? 'build' : 'run');
    const durationMs =
      elapsedMs(final.resource?.startedAt, final.resource?.finishedAt) ??
      this.deps.clock.now() - this.startedAt;
    if (outcome.kind !== 'triggered') log.info(outcomeLine(outcome.kind, kind, durationMs));
    if (!settings.summary && !this.deps.onSummary) return;
    const data = this.summaryData(outcome, final, kind);
    this.deps.onSummary?.(data);
    if (!settings.summary) return;
    try {
      await this.deps.summary.write(renderSummary(data));
    } catch (error) {
      log.warning(`Could not write the job summary: ${messageOf(error)}`);
    }
  }

  private summaryData(outcome: Outcome, final: FinalView, kind: 'run' | 'build'): SummaryData {
    const { settings } = this.deps;
    const resource = final.resource ?? this.info?.resource;
    const target = settings.target;
    const durationMs = elapsedMs(resource?.startedAt, resource?.finishedAt);
    const branch = resource?.branch ?? settings.branch;
    const commit = resource?.commitHash ?? settings.commit;
    const message = resource?.message ?? settings.message;
    const sourceRunId =
      (resource && 'sourceRunId' in resource ? resource.sourceRunId : undefined) ?? settings.sourceRunId;
    const pipeline = kind === 'run' && resource ? this.pipelineLabel(resource) : undefined;
    const application =
      target.kind === 'application' || target.kind === 'pipeline'
        ? `${target.owner}/${target.application}`
        : settings.application
          ? `${settings.application.owner}/${settings.application.name}`
          : target.kind === 'application-id'
            ? target.applicationId
            : undefined;
    const notes = [outcome.message, ...(final.abort ? [final.abort.message] : [])];
    return {
      outcome: outcome.kind,
      kind,
      ...(this.info ? { id: this.info.ref.id, apiUrl: this.info.ref.url } : {}),
      target: {
        ...(pipeline ? { pipeline } : {}),
        ...(application ? { application } : {}),
        ...(branch ? { branch } : {}),
        ...(commit ? { commit } : {}),
        ...(message ? { message } : {}),
        ...(sourceRunId ? { sourceRunId } : {}),
      },
      ...(resource?.startedAt ? { startedAt: resource.startedAt } : {}),
      ...(resource?.finishedAt ? { finishedAt: resource.finishedAt } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
      ...(resource ? { status: resource.status, result: resource.result } : {}),
      ...(resource?.progress !== undefined ? { progress: resource.progress } : {}),
      steps: [...final.steps].sort((a, b) => a.order - b.order).map(toSummaryStep),
      ...(final.workflow
        ? {
            workflow: {
              id: final.workflow.id,
              items: final.workflow.items.map((item) => ({
                name: item.targetName ?? item.pipelineId ?? item.id,
                status: item.status,
                result: item.result,
                ...(item.runId ? { runId: item.runId } : {}),
              })),
            },
          }
        : {}),
      envKeys: settings.envVars.map((pair) => pair.key),
      notes,
    };
  }

  private async logTail(step: Step) {
    if (!step.logUrl) return undefined;
    try {
      const body = await this.deps.client.openStepLog(step.logUrl, { signal: this.deps.cancel });
      return await tailLines(body, this.deps.tail);
    } catch (error) {
      this.deps.log.debug(`Could not read the log of step ${step.order}: ${messageOf(error)}`);
      return undefined;
    }
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

  private pipelineLabel(resource: Remote): string | undefined {
    const fromRun =
      'pipeline' in resource ? (resource.pipeline?.name ?? resource.pipeline?.pipelineName) : undefined;
    const target = this.deps.settings.target;
    const name =
      this.info?.pipelineName ??
      fromRun ??
      (target.kind === 'pipeline'
        ? target.pipeline
        : target.kind === 'pipeline-id'
          ? target.pipelineId
          : undefined);
    return name ? sanitizeLine(name, { maxLength: 120 }) : undefined;
  }

  private applicationLabel(): string | undefined {
    const target = this.deps.settings.target;
    if (target.kind === 'application') return `${target.owner}/${target.application}`;
    if (target.kind === 'application-id') return target.applicationId;
    return undefined;
  }
}
