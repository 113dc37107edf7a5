// Among several targets the step's failure only counts them (`3 targets: 1 unknown, 2 passed (e2e
// unknown)`), where for one target alone it would say what went wrong. So a target that ended in an error
// says why in an error annotation of its own, `[e2e] <message>`. These share the targets' one budget
// within the runner's 10 error annotations a step (failed steps' annotations draw on it too), keeping a
// slot for the step's failure.
import type { FlowSink } from '../flow/events.ts';
import type { Outcome } from '../outcome.ts';
import type { Log } from '../ports.ts';
import { AnnotationBudget } from '../report/annotations.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { writeOverflow } from './log-sink.ts';

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
  readonly budget = new AnnotationBudget({
    noun: { one: 'failed step or target error', many: 'failed steps or target errors' },
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

  /** Once every target has ended: one annotation for those left out, if any, of each kind. */
  finish(log: Log): void {
    writeOverflow(this.budget, log);
  }
}
