// The check run sink: one check run per action run, created `in_progress` right after the trigger and
// updated in place until its conclusion, with the summary and an annotation per failed step. A create
// whose answer was lost is looked up by `external_id` before it is sent again, so there is never a
// second check run; a step that attaches to a run finds the check run an earlier step left open.
import { isFinished, type Step } from '../../api/types.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../../core/flow/events.ts';
import type { Remote } from '../../core/follow.ts';
import type { StepLogFacts } from '../../core/report/failures.ts';
import type { CheckOutput } from '../port.ts';
import { ReportWriter } from '../report-writer.ts';
import { checkConclusion, checkTitle, finalLine, runningLine } from '../report-text.ts';
import { failedStepAnnotations, ANNOTATIONS_PER_REQUEST } from '../check-annotations.ts';
import { finishDeadline, watchCancel, type ReportDeps } from './shared.ts';

/** GitHub refuses a longer `output.summary` (characters); UTF-8 bytes are never fewer. */
const CHECK_SUMMARY_MAX_BYTES = 65_000;

export interface CheckRunDeps extends ReportDeps {
  /** The ends of failed steps' logs, read while the run went on. */
  failedLogs?: ReadonlyMap<string, Pick<StepLogFacts, 'firstError'>>;
  /** The job summary's content for this conclusion, within `maxBytes`. */
  summary(conclusion: Conclusion, info: TriggerInfo | undefined, maxBytes: number): string;
}

export function createCheckRunSink(name: string, deps: CheckRunDeps): FlowSink {
  const writer = new ReportWriter('check run', deps);
  const cancelledAt = watchCancel(deps);
  let info: TriggerInfo | undefined;
  let id: number | undefined;
  let lastTitle = '';

  const adopt = (found: number) => {
    id = found;
    deps.outputs.set('check-run-id', String(found));
    deps.open.mark({ checkRunId: found, targetUrl: info!.web.url });
  };
  const createOnce = (attached: boolean) => async (retry: boolean, signal: AbortSignal) => {
    const current = info!;
    if (attached || retry) {
      const found = await deps.api.findCheckRun(name, current.ref.id, signal);
      if (found !== undefined) return adopt(found);
    }
    lastTitle = checkTitle(runningLine(current.ref, current.resource, []));
    adopt(
      await deps.api.createCheckRun(
        {
          name,
          external_id: current.ref.id,
          status: 'in_progress',
          started_at: new Date(deps.clock.now()).toISOString(),
          details_url: current.web.url,
          output: { title: lastTitle, summary: `Following ${lastTitle}.` },
        },
        signal,
      ),
    );
  };
  const progress = (resource: Remote, steps: readonly Step[]) => {
    if (!info || isFinished(resource)) return;
    const title = checkTitle(runningLine(info.ref, resource, steps));
    if (title === lastTitle) return;
    lastTitle = title;
    writer.enqueue('state', async (_retry, signal) => {
      if (id !== undefined) {
        await deps.api.updateCheckRun(id, { output: { title, summary: `Following ${title}.` } }, signal);
      }
    });
  };

  return {
    triggered(triggered) {
      info = triggered;
      writer.enqueue('create', createOnce(triggered.attached));
    },
    update: progress,
    async concluded(conclusion) {
      if (!info) return;
      const deadline = () => finishDeadline(deps, cancelledAt());
      if (conclusion.outcome.kind === 'triggered') {
        deps.log.info(
          `The check run "${name}" is left in progress for a later step to finish (wait: false).`,
        );
        await writer.drain(deadline(), deps.cancel.hurry);
        if (id !== undefined) deps.open.close('checkRunId');
        return;
      }
      finish(conclusion);
      if (await writer.drain(deadline(), deps.cancel.hurry)) deps.open.close('checkRunId');
    },
  };

  function finish(conclusion: Conclusion): void {
    const { outcome, final } = conclusion;
    const title = checkTitle(finalLine(info!.ref, outcome.kind, final.resource, final.steps));
    const summary = deps.summary(conclusion, info, CHECK_SUMMARY_MAX_BYTES);
    const annotations = failedStepAnnotations(final, deps.annotationPath, deps.failedLogs);
    const output = (from: number): CheckOutput => ({
      title,
      summary,
      ...(annotations.length > from
        ? { annotations: annotations.slice(from, from + ANNOTATIONS_PER_REQUEST) }
        : {}),
    });
    writer.enqueue('state', async (_retry, signal) => {
      if (id === undefined) return;
      await deps.api.updateCheckRun(
        id,
        {
          status: 'completed',
          conclusion: checkConclusion(outcome.kind),
          completed_at: new Date(deps.clock.now()).toISOString(),
          details_url: info!.web.url,
          output: output(0),
        },
        signal,
      );
    });
    // GitHub takes at most 50 annotations a request and adds those of later updates to the earlier ones.
    for (let from = ANNOTATIONS_PER_REQUEST; from < annotations.length; from += ANNOTATIONS_PER_REQUEST) {
      writer.enqueue(`annotations ${from}`, async (_retry, signal) => {
        if (id !== undefined) await deps.api.updateCheckRun(id, { output: output(from) }, signal);
      });
    }
  }
}
