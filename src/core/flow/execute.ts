// The whole flow, shared by the action and the CLI:
// settings → resolve → trigger (exactly once) → follow → (retry: trigger again) → (workflow) → outcome.
// Every stage returns a Conclusion or throws; the one exit below hands it to every sink once.
import { boundedClient, flowBounds } from '../deadline.ts';
import { errorOutcome, type Outcome } from '../outcome.ts';
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

export async function execute(settings: Settings, deps: FlowDeps): Promise<Outcome> {
  const { sinks, ...ports } = deps;
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
    conclusion =
      error instanceof TriggerCancelledError
        ? {
            outcome: { kind: 'cancelled', success: false, message: error.message },
            final: { ...context.view },
            settled: error.nothingTriggered,
          }
        : ((await cutShort(context)) ?? {
            outcome: errorOutcome(error),
            final: { ...context.view },
            settled: false,
          });
  } finally {
    bounds.dispose();
  }
  await context.emit.concluded(conclusion);
  return conclusion.outcome;
}

async function runFlow(context: FlowContext): Promise<Conclusion> {
  const prepared = await prepare(context);
  if (!prepared) {
    return {
      outcome: { kind: 'cancelled', success: false, message: 'Cancelled before anything was triggered.' },
      final: { steps: [] },
      settled: true,
    };
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
