// The check run: one check run per action run, created `in_progress` right after the trigger and updated in
// place until its conclusion, with the summary and an annotation per failed step. A create whose answer was lost
// is looked up by `external_id` before it is sent again, so there is never a second check run; an update whose
// answer was lost is sent again with only the annotations GitHub does not hold, since it appends them. A step
// that attaches to a run finds the check run an earlier step left open. With `retries` it stays one check run:
// its external_id is the first attempt's run id, and its title and details_url follow the newest attempt.
import { isFinished, type Step } from '../../api/types.ts';
import type { Conclusion, TriggerInfo } from '../../core/flow/events.ts';
import type { Remote } from '../../core/model.ts';
import type { OutcomeKind } from '../../core/outcome-kind.ts';
import { messageOf } from '../../text/message.ts';
import { sanitizeLine } from '../../text/safety.ts';
import {
  ANNOTATIONS_PER_REQUEST,
  failedStepAnnotations,
  failedTestAnnotations,
  notHeld,
  testsCountLine,
} from '../check-annotations.ts';
import { classify } from '../failures.ts';
import type {
  CheckAnnotation,
  CheckConclusion,
  CheckOutput,
  CheckRunFields,
  HeldAnnotation,
} from '../port.ts';
import { defineReport, type ReportDeps, type Send } from '../report-lifecycle.ts';
import { checkTitle, finalLine, runningLine } from '../report-text.ts';

/** GitHub refuses a longer `output.summary` (characters); UTF-8 bytes are never fewer. */
const CHECK_SUMMARY_MAX_BYTES = 65_000;

export const checkRun = defineReport<number>({
  kind: 'check run',
  openAs: 'checkRunId',
  output: 'check-run-id',
  payloads(name, deps) {
    let current: TriggerInfo | undefined;
    let lastTitle = '';
    const running = (
      info: TriggerInfo,
      resource: Remote,
      steps: readonly Step[],
    ): Send<number> | undefined => {
      if (isFinished(resource)) return undefined;
      const title = checkTitle(runningLine(info.ref, resource, steps, info));
      if (title === lastTitle) return undefined;
      lastTitle = title;
      const output = { title, summary: `Following ${title}.` };
      // Only the newest state is sent, so each one carries the newest attempt's page.
      const fields = info.attempt > 1 ? { details_url: info.web.url, output } : { output };
      return (id, _retry, signal) => deps.api.updateCheckRun(id, fields, signal);
    };
    return {
      leftOpen: `The check run "${name}" is left in progress for a later step to finish (wait: false).`,
      // Named for the first attempt (its external_id) for good, pointing at the current one.
      open: async (first, retry, signal) => {
        if (first.attached || retry) {
          const found = await deps.api.findCheckRun(name, first.ref.id, signal);
          if (found !== undefined) return found;
        }
        lastTitle = checkTitle(runningLine(current!.ref, current!.resource, [], current));
        return deps.api.createCheckRun(
          newCheckRun(name, first, current!, lastTitle, deps.clock.now()),
          signal,
        );
      },
      // The first attempt's state goes with the create; a retry's is an update.
      attempt(info, first) {
        current = info;
        return first ? undefined : running(info, info.resource, []);
      },
      update: running,
      ended: (conclusion, info) =>
        finalWrites(conclusion, info, deps).map((write) => (id, retry, signal) => {
          return writeFinal(deps, id, write, retry, signal);
        }),
    };
  },
  finish: ({ ending }, { api, clock }) => {
    const title = checkTitle(ending.line);
    const summary = `${title}. The action's main step could not finish this report.`;
    return (id, _retry, signal) =>
      api.updateCheckRun(id, completing(ending.outcome, clock.now(), { title, summary }), signal);
  },
});

/** The fields that complete the check run, main's and post's alike; main's also point at the run's page. */
function completing(
  outcome: OutcomeKind,
  now: number,
  output: CheckOutput,
  page: { details_url?: string } = {},
): CheckRunFields & { output: CheckOutput } {
  return {
    status: 'completed',
    conclusion: checkConclusion(outcome),
    completed_at: new Date(now).toISOString(),
    ...page,
    output,
  };
}

const CHECK_CONCLUSIONS: Record<OutcomeKind, CheckConclusion> = {
  passed: 'success',
  failed: 'failure',
  aborted: 'cancelled',
  'timed-out': 'timed_out',
  cancelled: 'cancelled',
  unknown: 'failure',
  triggered: 'failure',
};

function checkConclusion(outcome: OutcomeKind): CheckConclusion {
  return CHECK_CONCLUSIONS[outcome];
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
function finalWrites(conclusion: Conclusion, info: TriggerInfo, deps: ReportDeps): FinalWrite[] {
  const { outcome, final } = conclusion;
  const tests = deps.tests?.();
  const counts = tests && tests.steps.length > 0 ? ` · ${testsCountLine(tests)}` : '';
  const title = checkTitle(
    `${finalLine(info.ref, outcome.kind, final.resource, final.steps, info)}${counts}`,
  );
  const output = { title, summary: deps.summary(conclusion, info, CHECK_SUMMARY_MAX_BYTES) };
  const steps = failedStepAnnotations(final, deps.annotationPath, deps.failedLogs);
  // The failed tests' annotations, at most 50, go in one update of their own after the steps'.
  const testBatch = failedTestAnnotations(tests, deps.placeTest);
  const completes = completing(outcome.kind, deps.clock.now(), output, { details_url: info.web.url });
  // GitHub takes at most 50 annotations a request and adds those of later updates to the earlier ones.
  const writes: FinalWrite[] = [];
  for (let from = 0; from === 0 || from < steps.length; from += ANNOTATIONS_PER_REQUEST) {
    writes.push({
      fields: from === 0 ? completes : { output },
      earlier: steps.slice(0, from),
      batch: steps.slice(from, from + ANNOTATIONS_PER_REQUEST),
    });
  }
  if (testBatch.length > 0) writes.push({ fields: { output }, earlier: steps, batch: testBatch });
  return writes;
}

/**
 * One update of the ending. After an attempt that may have taken effect, only the annotations GitHub does not
 * hold yet are sent (the state fields are safe to send again); a later batch it holds in full needs no request.
 */
async function writeFinal(
  deps: ReportDeps,
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
  deps: ReportDeps,
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
