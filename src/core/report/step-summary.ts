// The step's summary, whatever the number of targets: one target's document, or every target's end. The
// action draws it as HTML for the job summary, the terminal as text.
import type { StepEnd } from '../flow/events.ts';
import { renderSeveralSummary, renderSeveralSummaryText } from './several-summary.ts';
import { renderSummary } from './summary-html.ts';
import type { SummaryData, SummaryDoc } from './summary-model.ts';
import { targetSummaryDoc, type TargetSummaryFacts } from './target-summary.ts';
import { renderSummaryText } from './summary-text.ts';

export type StepSummary = { kind: 'target'; facts: TargetSummaryFacts } | { kind: 'targets'; end: StepEnd };

function docOf({
  settings,
  info,
  conclusion,
  tails,
  artifacts,
  tests,
  stepUrl,
}: TargetSummaryFacts): SummaryDoc {
  return targetSummaryDoc(settings, info, conclusion, { tails, artifacts, tests, stepUrl });
}

export function stepSummaryHtml(summary: StepSummary): string {
  return summary.kind === 'target' ? renderSummary(docOf(summary.facts)) : renderSeveralSummary(summary.end);
}

export function stepSummaryText(summary: StepSummary, options: { color?: boolean } = {}): string {
  return summary.kind === 'target'
    ? renderSummaryText(docOf(summary.facts), options)
    : renderSeveralSummaryText(summary.end, options);
}

/** The summary's facts for `ci-run run --json`: one target's; several are in the `runs` output. */
export function stepSummaryData(summary: StepSummary | undefined): SummaryData | undefined {
  return summary?.kind === 'target' ? docOf(summary.facts).data : undefined;
}
