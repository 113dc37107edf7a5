// Cancelled or timed out: abort what is still running (or leave it, as configured), then conclude.
import type { Step, Workflow } from '../../api/types.ts';
import { abortAll, type AbortResult } from '../abort.ts';
import type { Work } from '../outcome.ts';
import type { RemoteRef } from '../refs.ts';
import type { FlowContext } from './context.ts';
import type { Ended } from './events.ts';

/** Time left for the abort after a signal: the runner sends SIGTERM 7.5 s after SIGINT. */
const CANCEL_ABORT_BUDGET_MS = 4500;
const TIMEOUT_ABORT_BUDGET_MS = 15_000;

export async function stop(
  context: FlowContext,
  reason: 'cancelled' | 'timeout',
  refs: readonly RemoteRef[],
  what: Work = refs[0]?.kind ?? 'run',
): Promise<Ended> {
  const { settings, log, view } = context;
  const failFast = reason === 'cancelled' && context.cancel.failFast?.aborted === true;
  const racingTheRunner = reason === 'cancelled' && !failFast;
  const shouldAbort =
    reason === 'cancelled' ? settings.abortOnCancel || failFast : settings.onTimeout === 'abort';
  const label = refs.map((ref) => `${ref.kind} ${ref.id}`).join(', ');
  // A step's live log group still open would hold the lines below: the sinks close it first.
  await context.emit.stopping(reason);
  let abort: AbortResult | undefined;
  if (!shouldAbort) {
    log.info(
      reason === 'cancelled'
        ? `Cancelled: ${label || 'the remote work'} is left running (abort-on-cancel: false).`
        : `Timed out: ${label || 'the remote work'} is left running (on-timeout: leave).`,
    );
  } else if (refs.length > 0) {
    log.info(`${reason === 'cancelled' ? 'Cancelled' : 'Timed out'}: aborting ${label}…`);
    const results = await abortAll(context.unboundedClient, refs, {
      budgetMs: racingTheRunner ? CANCEL_ABORT_BUDGET_MS : TIMEOUT_ABORT_BUDGET_MS,
      askFirst: racingTheRunner,
      clock: context.clock,
      sleep: context.sleep,
      log,
      signal: context.cancel.hurry,
    });
    for (const result of results) log.info(result.message);
    abort = combine(results);
    if (what === 'workflow' && view.workflow) view.workflow = afterAborts(view.workflow, results);
    const main = results[0];
    if (what !== 'workflow' && main?.resource) {
      view.resource = main.resource;
      view.steps = await refreshSteps(context, main.ref, view.steps);
    }
  }
  return {
    ending: { kind: 'stopped', reason, what, abort, leftOnPurpose: !shouldAbort },
    final: { ...view, ...(abort ? { abort } : {}) },
  };
}

/** The workflow as the aborts left it, so that its result counts how its runs ended. */
function afterAborts(workflow: Workflow, results: readonly AbortResult[]): Workflow {
  const ended = new Map(
    results.flatMap((result) => (result.resource ? [[result.ref.id, result.resource]] : [])),
  );
  const items = workflow.items.map((item) => {
    const resource = item.runId === undefined ? undefined : ended.get(item.runId);
    return resource ? { ...item, status: resource.status, result: resource.result } : item;
  });
  return { ...workflow, items };
}

function combine(results: readonly AbortResult[]): AbortResult {
  const last = results.length - 1;
  return {
    ref: results[0]!.ref,
    confirmed: results.every((result) => result.confirmed),
    ...(results.every((result) => result.alreadyFinished) ? { alreadyFinished: true } : {}),
    ...(results[0]?.resource ? { resource: results[0].resource } : {}),
    message: results.map((result) => result.message).join(' '),
    clause: results.map((result, index) => (index === last ? result.clause : result.message)).join(' '),
  };
}

/** After an abort the steps changed; one short read, skipped when a second signal asks to hurry. */
async function refreshSteps(
  { unboundedClient: client, cancel }: FlowContext,
  ref: RemoteRef,
  steps: readonly Step[],
): Promise<readonly Step[]> {
  if (ref.kind !== 'run' || cancel.hurry.aborted) return steps;
  try {
    return await client.getRunSteps(ref.id, {
      signal: AbortSignal.any([cancel.hurry, AbortSignal.timeout(1000)]),
      retry: { maxAttempts: 1 },
    });
  } catch {
    return steps;
  }
}
