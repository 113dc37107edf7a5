// The check run sink: one check run per action run, created `in_progress` right after the trigger and
// updated in place until its conclusion, with the summary and an annotation per failed step. A create
// whose answer was lost is looked up by `external_id` before it is sent again, so there is never a
// second check run; an update whose answer was lost is sent again with only the annotations GitHub does not
// hold, since it appends them. A step that attaches to a run finds the check run an earlier step left open.
// With `retries` it stays one check run: its external_id is the first attempt's run id, and its title and
// details_url follow the newest attempt.
import { isFinished, type Step } from '../../api/types.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../../core/flow/events.ts';
import type { StepLogFacts } from '../../core/report/failures.ts';
import type { Remote } from '../../core/model.ts';
import { messageOf } from '../../text/message.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { classify } from '../failures.ts';
import type { CheckAnnotation, CheckOutput, CheckRunFields, HeldAnnotation } from '../port.ts';
import { ReportWriter } from '../report-writer.ts';
import { checkConclusion, checkTitle, finalLine, runningLine } from '../report-text.ts';
import { failedStepAnnotations, notHeld, ANNOTATIONS_PER_REQUEST } from '../check-annotations.ts';
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
  const writer = new ReportWriter('check run', deps, () => deps.open.close('checkRunId'));
  const cancelledAt = watchCancel(deps);
  let info: TriggerInfo | undefined;
  let id: number | undefined;
  let lastTitle = '';

  const adopt = (found: number) => {
    id = found;
    deps.outputs.set('check-run-id', String(found));
    deps.open.mark({ checkRunId: found, targetUrl: info!.web.url });
  };
  // The first attempt names the check run (its external_id) for good, even if a retry comes while
  // the create is still being sent.
  const createOnce = (first: TriggerInfo) => async (retry: boolean, signal: AbortSignal) => {
    if (first.attached || retry) {
      const found = await deps.api.findCheckRun(name, first.ref.id, signal);
      if (found !== undefined) return adopt(found);
    }
    lastTitle = checkTitle(runningLine(info!.ref, info!.resource, [], info));
    adopt(
      await deps.api.createCheckRun(newCheckRun(name, first, info!, lastTitle, deps.clock.now()), signal),
    );
  };
  const progress = (resource: Remote, steps: readonly Step[]) => {
    if (!info || isFinished(resource)) return;
    const title = checkTitle(runningLine(info.ref, resource, steps, info));
    if (title === lastTitle) return;
    lastTitle = title;
    const output = { title, summary: `Following ${title}.` };
    // Only the newest state is sent, so each one carries the newest attempt's page.
    const fields = info.attempt > 1 ? { details_url: info.web.url, output } : { output };
    writer.enqueue('state', async (_retry, signal) => {
      if (id !== undefined) await deps.api.updateCheckRun(id, fields, signal);
    });
  };

  return {
    // Once per attempt: the first creates the check run, a retry points it at the newest run.
    triggered(triggered) {
      const retry = info !== undefined;
      info = triggered;
      if (!retry) return writer.enqueue('create', createOnce(triggered));
      if (id !== undefined) deps.open.mark({ targetUrl: triggered.web.url });
      progress(triggered.resource, []);
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
      await writer.drain(deadline(), deps.cancel.hurry);
      // Finished once the completing update landed; a later annotation batch that did not is a warning
      // only, since post's ending would replace the summary. Otherwise it stays open for post.
      if (writer.written('state')) deps.open.close('checkRunId');
    },
  };

  function finish(conclusion: Conclusion): void {
    finalWrites(conclusion, info!, deps).forEach((write, index) => {
      writer.enqueue(index === 0 ? 'state' : `annotations ${index}`, async (retry, signal) => {
        if (id !== undefined) await writeFinal(deps, id, write, retry, signal);
      });
    });
  }
}

/** An in-progress check run named for the first attempt's run, pointing at the current attempt. */
function newCheckRun(name: string, first: TriggerInfo, current: TriggerInfo, title: string, now: number) {
  return {
    name,
    external_id: first.ref.id,
    status: 'in_progress' as const,
    started_at: new Date(now).toISOString(),
    details_url: current.web.url,
    output: { title, summary: `Following ${title}.` },
  };
}

interface FinalWrite {
  /** The completing state for the first write; the output's title and summary alone for the others. */
  fields: CheckRunFields & { output: CheckOutput };
  /** The annotations of the writes before this one. */
  earlier: CheckAnnotation[];
  batch: CheckAnnotation[];
}

/** The update that completes the check run, then one more per further batch of annotations. */
function finalWrites(conclusion: Conclusion, info: TriggerInfo, deps: CheckRunDeps): FinalWrite[] {
  const { outcome, final } = conclusion;
  const title = checkTitle(finalLine(info.ref, outcome.kind, final.resource, final.steps, info));
  const output = { title, summary: deps.summary(conclusion, info, CHECK_SUMMARY_MAX_BYTES) };
  const annotations = failedStepAnnotations(final, deps.annotationPath, deps.failedLogs);
  const completing: FinalWrite['fields'] = {
    status: 'completed',
    conclusion: checkConclusion(outcome.kind),
    completed_at: new Date(deps.clock.now()).toISOString(),
    details_url: info.web.url,
    output,
  };
  // GitHub takes at most 50 annotations a request and adds those of later updates to the earlier ones.
  const writes: FinalWrite[] = [];
  for (let from = 0; from === 0 || from < annotations.length; from += ANNOTATIONS_PER_REQUEST) {
    writes.push({
      fields: from === 0 ? completing : { output },
      earlier: annotations.slice(0, from),
      batch: annotations.slice(from, from + ANNOTATIONS_PER_REQUEST),
    });
  }
  return writes;
}

/**
 * One update of the ending. After an attempt that may have taken effect, only the annotations GitHub does not
 * hold yet are sent (the state fields are safe to send again); a later batch it holds in full needs no request.
 */
async function writeFinal(
  deps: CheckRunDeps,
  id: number,
  write: FinalWrite,
  retry: boolean,
  signal: AbortSignal,
): Promise<void> {
  const { fields, batch } = write;
  const annotations = retry && batch.length > 0 ? await missingAnnotations(deps, id, write, signal) : batch;
  if (annotations.length === 0 && fields.status === undefined) return;
  const output = annotations.length > 0 ? { ...fields.output, annotations } : fields.output;
  await deps.api.updateCheckRun(id, { ...fields, output }, signal);
}

/**
 * The batch's annotations that GitHub's list of the check run's lacks. A read that fails for a while fails the
 * write, which is tried again (reading again) until the writer's deadline. A read GitHub refuses for good
 * leaves the batch out, with a warning: a missing annotation rather than one shown twice, and the state fields
 * still go. A lost update that GitHub applies only after the list was read is still not seen.
 */
async function missingAnnotations(
  deps: CheckRunDeps,
  id: number,
  { earlier, batch }: FinalWrite,
  signal: AbortSignal,
): Promise<CheckAnnotation[]> {
  let held: HeldAnnotation[];
  try {
    held = await deps.api.listCheckRunAnnotations(id, signal);
  } catch (error) {
    const failure = classify(error, deps.clock.now());
    if (failure.kind === 'transient') throw error;
    const detail = sanitizeLine(messageOf(error), { maxLength: 300 });
    deps.log.warning(
      `GitHub did not list the check run's annotations (HTTP ${failure.status}: ${detail}); ` +
        `${batch.length} of them, which a lost update may have written already, are not sent again, ` +
        'so that none shows twice: some may be missing.',
    );
    return [];
  }
  return notHeld(earlier, batch, held);
}
