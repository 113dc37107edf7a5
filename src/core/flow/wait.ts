// Following the remote work to its end: the run or build, then (wait-for: workflow) the rest of
// its workflow. Ends in a Conclusion: settled on a result, or stopped by a cancel or the timeout.
import { isFinished, type Result } from '../../api/types.ts';
import { follow } from '../follow.ts';
import type { Work } from '../outcome.ts';
import { createPollPolicy } from '../polling.ts';
import { runRef } from '../refs.ts';
import { followWorkflow, worstItemResult } from '../workflow.ts';
import type { FlowContext } from './context.ts';
import type { Ended } from './events.ts';
import type { Prepared } from './prepare.ts';
import { attemptOf, shouldRetry } from './retry.ts';
import { stop } from './stop.ts';

/** How it ended, or `retry` when the run finished `failed` by itself and may be triggered again. */
export async function waitForEnd(context: FlowContext, prepared: Prepared): Promise<Ended | 'retry'> {
  const { settings, view, cancel } = context;
  const ref = view.ref!;
  if (cancel.signal.aborted) return stop(context, 'cancelled', [ref]);
  if (!settings.wait) return { ending: { kind: 'not-waited', ref }, final: { ...view } };
  const deadline = settings.timeoutMs !== undefined ? context.startedAt + settings.timeoutMs : undefined;
  const end = await follow(
    context,
    {
      ref,
      policy: createPollPolicy({ interval: settings.pollInterval, history: prepared.before.history }),
      cancel: cancel.signal,
      initial: view.resource!,
      ...(deadline !== undefined ? { deadline } : {}),
    },
    {
      update: (resource, steps) => {
        view.resource = resource;
        view.steps = steps;
        context.emit.update(resource, steps);
      },
      stepFinished: (step, steps, runFinished) =>
        context.emit.stepFinished(step, steps, runFinished, context.bounds.signal),
    },
  );
  view.resource = end.resource ?? view.resource;
  view.steps = end.steps;
  if (end.reason !== 'finished') return stop(context, end.reason, [ref]);
  // Before the workflow: the runs a failed run would have started never start.
  if (shouldRetry(context, end.resource, deadline)) return 'retry';
  if (prepared.workflowApplicationId === undefined || ref.kind !== 'run') {
    return settle(context, end.resource, ref.kind);
  }
  return waitForWorkflow(context, prepared.workflowApplicationId, deadline);
}

async function waitForWorkflow(
  context: FlowContext,
  applicationId: string,
  deadline: number | undefined,
): Promise<Ended> {
  const { settings, view, client } = context;
  context.log.info('Waiting for the rest of the workflow…');
  const end = await followWorkflow(context, {
    applicationId,
    runId: view.ref!.id,
    policy: createPollPolicy({ interval: settings.pollInterval }),
    cancel: context.cancel.signal,
    onChange: (workflow) => {
      view.workflow = workflow;
      context.emit.workflowChanged(workflow);
    },
    ...(deadline !== undefined ? { deadline } : {}),
  });
  if (end.reason === 'finished') return settle(context, worstItemResult(end.workflow.items), 'workflow');
  const running = (end.workflow?.items ?? []).flatMap((item) =>
    item.runId && !isFinished(item) ? [runRef(client.apiUrl, item.runId)] : [],
  );
  return stop(context, end.reason, running, 'workflow');
}

/** The remote work finished: the gate goes by its result. */
function settle(
  context: FlowContext,
  { result, rawResult }: { result: Result; rawResult?: string },
  what: Work,
): Ended {
  const { view, settings } = context;
  const number = attemptOf(view);
  return {
    ending: {
      kind: 'finished',
      what,
      result,
      ...(rawResult !== undefined ? { rawResult } : {}),
      steps: view.steps,
      ...(number > 1 ? { attempt: { number, of: settings.retries + 1 } } : {}),
    },
    final: { ...view },
  };
}
