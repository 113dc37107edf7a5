// The whole flow of one target, shared by the action and the CLI:
// settings → resolve → trigger (exactly once) → follow → (retry: trigger again) → (workflow) → outcome.
// Every stage returns how it ended (an `Ending` with what is known) or throws; the one exit below decides
// once, hands the conclusion to every sink once and returns it.
import { boundedClient, flowBounds } from '../deadline.ts';
import { decide, isCancel, type Ending } from '../outcome.ts';
import type { Settings } from '../settings.ts';
import { TriggerCancelledError } from '../trigger.ts';
import type { FlowContext, FlowDeps } from './context.ts';
import { cutShort } from './cut-short.ts';
import type { Conclusion, Ended, TargetFacts } from './events.ts';
import { fanOut } from './fan-out.ts';
import { prepare, type Prepared } from './prepare.ts';
import { nextAttempt } from './retry.ts';
import { start } from './start.ts';
import { waitForEnd } from './wait.ts';

export async function execute(settings: Settings, deps: FlowDeps): Promise<Conclusion> {
  const { sinks, stoppedBy, ...ports } = deps;
  const startedAt = deps.clock.now();
  const deadline = settings.timeoutMs !== undefined ? startedAt + settings.timeoutMs : undefined;
  const bounds = flowBounds(deps.cancel.signal, deadline, deps.clock);
  const context: FlowContext = {
    ...ports,
    client: boundedClient(deps.client, bounds),
    unboundedClient: deps.client,
    bounds,
    settings,
    startedAt,
    emit: fanOut(sinks, deps.log),
    view: { steps: [] },
  };
  let ended: Ended;
  try {
    ended = await endOf(context);
    // Within the flow's bounds: what a sink still reads for the decision stops at the deadline or a cancel.
    await context.emit.settling(ended.final);
  } finally {
    bounds.dispose();
  }
  // The one decision. A target stopped by another's failure was aborted, not cancelled: every sink hears it so.
  const conclusion: Conclusion = {
    ...decide(withArtifacts(failFastOr(ended, stoppedBy?.()), deps.facts, settings), settings),
    final: ended.final,
  };
  await context.emit.concluded(conclusion);
  return conclusion;
}

/** How the flow ended, a throw included. */
async function endOf(context: FlowContext): Promise<Ended> {
  try {
    return await runFlow(context);
  } catch (error) {
    // Whatever went wrong, the outputs and the summary still tell what is known.
    if (error instanceof TriggerCancelledError) {
      return {
        ending: { kind: 'trigger-cancelled', during: error.during, nothingTriggered: error.nothingTriggered },
        final: { ...context.view },
      };
    }
    // A request cut off by the timeout or the job's cancel ends as they do between two polls.
    return (await cutShort(context)) ?? { ending: { kind: 'error', error }, final: { ...context.view } };
  }
}

async function runFlow(context: FlowContext): Promise<Ended> {
  const prepared = await prepare(context);
  if (!prepared) return { ending: { kind: 'cancelled-before-trigger' }, final: { steps: [] } };
  let attempt: Prepared = prepared;
  for (;;) {
    await start(context, attempt);
    const end = await waitForEnd(context, attempt);
    if (end !== 'retry') return end;
    const next = await nextAttempt(context, attempt);
    if ('ending' in next) return next;
    attempt = next;
  }
}

/** A run that finished, where a step `artifacts` names stored nothing and `if-no-artifacts` is `error`. */
function withArtifacts(ending: Ending, facts: TargetFacts | undefined, settings: Settings): Ending {
  const missing = facts?.artifacts?.missing ?? [];
  if (ending.kind !== 'finished' || settings.artifacts.ifNone !== 'error' || missing.length === 0)
    return ending;
  return { kind: 'artifacts-missing', finished: ending, missing };
}

/** A cancel that `fail-fast` caused (another target failed first) is that target's ending. */
function failFastOr({ ending, final }: Ended, failedFirst: string | undefined): Ending {
  if (failedFirst === undefined || !isCancel(ending)) return ending;
  return {
    kind: 'stopped-by-fail-fast',
    failedFirst,
    cancelled: ending,
    target: { abort: final.abort, steps: final.steps, what: final.ref?.kind === 'build' ? 'build' : 'run' },
  };
}
