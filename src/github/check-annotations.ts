// An annotation per failed step for the check run: the step as the title, the first error line of its
// log tail as the message (when the tail was read), on the workflow file since the remote run has no
// file in this repository.
import type { FinalView } from '../core/flow/events.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import { stepHeading } from '../core/report/format.ts';
import type { AnnotationPlace } from '../core/report-paths.ts';
import type { TestCase, TestFacts } from '../core/test-results.ts';
import { clip, sanitizeLine, stripControls } from '../text/safety.ts';
import type { CheckAnnotation, HeldAnnotation } from './port.ts';

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

/** The failed tests' annotations: at most 50, each at its file and line, for those that can be placed. */
export function failedTestAnnotations(
  tests: TestFacts | undefined,
  place: ((test: TestCase) => AnnotationPlace | undefined) | undefined,
): CheckAnnotation[] {
  if (tests === undefined || place === undefined) return [];
  const annotations: CheckAnnotation[] = [];
  for (const { failed } of tests.steps) {
    for (const test of failed) {
      if (annotations.length >= ANNOTATIONS_PER_REQUEST) return annotations;
      const at = place(test);
      if (at === undefined) continue;
      const message = [test.message, test.text].filter((part) => part !== undefined).join('\n');
      annotations.push({
        path: at.path,
        start_line: at.line ?? 1,
        end_line: at.line ?? 1,
        annotation_level: 'failure',
        title: clip(sanitizeLine(`${test.suite} › ${test.name}`), TITLE_LIMIT),
        message: clip(stripControls(message || `${test.name} failed.`), MESSAGE_LIMIT),
      });
    }
  }
  return annotations;
}

/** `12 tests, 2 failed` over every step's reports. */
export function testsCountLine(tests: TestFacts): string {
  let total = 0;
  let failed = 0;
  for (const { counts } of tests.steps) {
    total += counts.total;
    failed += counts.failed + counts.errored;
  }
  return `${total} test${total === 1 ? '' : 's'}${failed > 0 ? `, ${failed} failed` : ''}`;
}

/**
 * The annotations of `batch` that GitHub does not hold, `earlier` having been sent before it. Each one GitHub
 * holds is matched once, by every field sent, the earlier annotations first: an annotation that two batches
 * both carry counts as held only as many times as GitHub holds it.
 */
export function notHeld(
  earlier: readonly CheckAnnotation[],
  batch: readonly CheckAnnotation[],
  held: readonly HeldAnnotation[],
): CheckAnnotation[] {
  const copies = new Map<string, number>();
  for (const annotation of held) copies.set(keyOf(annotation), (copies.get(keyOf(annotation)) ?? 0) + 1);
  const takeCopy = (annotation: CheckAnnotation): boolean => {
    const left = copies.get(keyOf(annotation)) ?? 0;
    if (left > 0) copies.set(keyOf(annotation), left - 1);
    return left > 0;
  };
  earlier.forEach(takeCopy);
  return batch.filter((annotation) => !takeCopy(annotation));
}

function keyOf(annotation: HeldAnnotation): string {
  const { path, start_line, end_line, annotation_level, title, message } = annotation;
  return JSON.stringify([path, start_line, end_line, annotation_level, title, message]);
}
