// Among several targets the step's failure only counts them (`3 targets: 1 unknown, 2 passed (e2e
// unknown)`), where for one target alone it would say what went wrong. So a target that ended in an error
// says why in an error annotation of its own, `[e2e] <message>`. These share one budget within the
// runner's 10 error annotations a step, keeping a slot for the step's failure.
import type { FlowSink } from '../flow/events.ts';
import type { Outcome } from '../outcome.ts';
import type { Log } from '../ports.ts';
import { AnnotationBudget } from '../report/annotations.ts';
import { sanitizeLine } from '../../text/safety.ts';

/**
 * Why a target ended in an error (a trigger that could not be made sure of, reads that kept failing, a
 * result that is not known); undefined for every other end, which the run's failed steps, or the
 * step's failure, already tell.
 */
function errorCause(outcome: Outcome): string | undefined {
  return outcome.kind === 'unknown' && !outcome.success
    ? sanitizeLine(outcome.message, { maxLength: 2000 })
    : undefined;
}

export class TargetErrors {
  private readonly budget = new AnnotationBudget({
    noun: { one: 'target that ended in an error', many: 'targets that ended in an error' },
  });

  /** One target's: put it after its log sink, so the cause follows the target's last line. */
  sink(log: Log): FlowSink {
    return {
      concluded: ({ outcome }) => {
        const cause = errorCause(outcome);
        if (cause !== undefined && this.budget.take('error')) log.error(cause);
      },
    };
  }

  /** Once every target has ended: one annotation for those left out, if any. */
  finish(log: Log): void {
    const more = this.budget.overflowLine('error');
    if (more) log.error(more);
  }
}
