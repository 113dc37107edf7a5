// An annotation per failed step for the check run: the step as the title, the first error line of its
// log tail as the message (when the tail was read), on the workflow file since the remote run has no
// file in this repository.
import type { FinalView } from '../core/flow/events.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import { stepHeading } from '../core/report/format.ts';
import { clip, sanitizeLine } from '../text/safety.ts';
import type { CheckAnnotation } from './port.ts';

/** GitHub takes at most this many annotations in one create or update request. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** Beyond this, failed steps are not annotated one by one (ten requests' worth). */
const MAX_ANNOTATIONS = 500;
const TITLE_LIMIT = 255;
const MESSAGE_LIMIT = 2000;

export function failedStepAnnotations(
  final: FinalView,
  path: string,
  tails?: ReadonlyMap<string, Pick<StepLogFacts, 'firstError'>>,
): CheckAnnotation[] {
  const total = final.steps.length;
  return final.steps
    .filter((step) => step.result === 'failed')
    .slice(0, MAX_ANNOTATIONS)
    .map((step) => {
      const errorLine = tails?.get(step.id)?.firstError;
      const stepUrl = final.web?.step(step.id);
      const message = [
        errorLine ?? `The step ${sanitizeLine(step.name)} failed.`,
        ...(stepUrl ? [`Log: ${stepUrl}`] : []),
      ].join('\n');
      return {
        path,
        start_line: 1,
        end_line: 1,
        annotation_level: 'failure',
        title: clip(stepHeading(step, total), TITLE_LIMIT),
        message: clip(message, MESSAGE_LIMIT),
      };
    });
}
