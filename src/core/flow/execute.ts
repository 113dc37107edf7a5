// The whole flow of one target, shared by the action and the CLI:
// settings → resolve → trigger (exactly once) → follow → (retry: trigger again) → (workflow) → outcome.
// Every stage returns a Conclusion or throws; the one exit below hands it to every sink once and
// returns it.
import { boundedClient, flowBounds } from '../deadline.ts';
import { decide, type Ending } from '../outcome.ts';
import type { Settings } from '../settings.ts';
import { TriggerCancelledError } from '../trigger.ts';
import type { FlowContext, FlowDeps } from './context.ts';
import { cutShort } from './cut-short.ts';
import type { Conclusion } from './events.ts';
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
  let conclusion: Conclusion;
  try {
    conclusion = await runFlow(context);
  } catch (error) {
    // Whatever went wrong, the outputs and the summary still tell what is known.
    if (error instanceof TriggerCancelledError) {
      const ending: Ending = {
        kind: 'trigger-cancelled',
        message: error.message,
        nothingTriggered: error.nothingTriggered,
      };
      conclusion = { ...decide(ending, settings), final: { ...context.view } };
    } else {
      // A request cut off by the timeout or the job's cancel ends as they do between two polls.
      conclusion = (await cutShort(context)) ?? {
        ...decide({ kind: 'error', error }, settings),
        final: { ...context.view },
      };
    }
  } finally {
    bounds.dispose();
  }
  // A target stopped by another's failure was aborted, not cancelled: every sink hears it so.
  const failedFirst = stoppedBy?.();
  if (failedFirst !== undefined && conclusion.outcome.kind === 'cancelled') {
    conclusion = { ...conclusion, ...decide(stoppedByFailFast(conclusion, failedFirst), settings) };
  }
  await context.emit.concluded(conclusion);
  return conclusion;
}

async function runFlow(context: FlowContext): Promise<Conclusion> {
  const prepared = await prepare(context);
  if (!prepared) {
    return { ...decide({ kind: 'cancelled-before-trigger' }, context.settings), final: { steps: [] } };
  }
  let attempt: Prepared = prepared;
  for (;;) {
    await start(context, attempt);
    const end = await waitForEnd(context, attempt);
    if (end !== 'retry') return end;
    const next = await nextAttempt(context, attempt);
    if ('outcome' in next) return next;
    attempt = next;
  }
}

function stoppedByFailFast({ outcome, settled, final }: Conclusion, failedFirst: string): Ending {
  return {
    kind: 'stopped-by-fail-fast',
    failedFirst,
    cancelled: {
      decision: { outcome, settled },
      abort: final.abort,
      steps: final.steps,
      what: final.ref?.kind === 'build' ? 'build' : 'run',
    },
  };
}
