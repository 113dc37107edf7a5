// One target's summary as data, from its conclusion: what the job summary, the terminal and the check
// run show of it.
import type { Conclusion, TriggerInfo } from '../flow/events.ts';
import type { ArtifactFacts } from '../artifacts/facts.ts';
import type { TestFacts } from '../test-results.ts';
import type { StepLogFacts } from './failures.ts';
import { kindOf, pipelineLabel } from './labels.ts';
import { buildSummary, type StepUrl, type SummaryDoc } from './summary-model.ts';
import type { Settings } from '../settings.ts';

/** What one target's summary is laid out from. */
export interface TargetSummaryFacts {
  settings: Settings;
  info: TriggerInfo | undefined;
  conclusion: Conclusion;
  tails?: ReadonlyMap<string, StepLogFacts>;
  artifacts?: ArtifactFacts;
  tests?: TestFacts;
  stepUrl?: StepUrl;
}

/** The summary of a conclusion, as data; also what a check run shows. */
export function targetSummaryDoc(
  settings: Settings,
  info: TriggerInfo | undefined,
  { outcome, final }: Conclusion,
  extra: {
    tails?: ReadonlyMap<string, StepLogFacts> | undefined;
    artifacts?: ArtifactFacts | undefined;
    tests?: TestFacts | undefined;
    stepUrl?: StepUrl | undefined;
  } = {},
): SummaryDoc {
  const kind = kindOf(settings, info);
  const resource = final.resource ?? info?.resource;
  const pipeline = kind === 'run' && resource ? pipelineLabel(resource, settings, info) : undefined;
  const web = final.web ?? info?.web;
  const stepUrl = extra.stepUrl ?? (web?.isPage ? web.step : undefined);
  return buildSummary({
    outcome,
    final,
    kind,
    settings,
    trigger: info,
    pipeline,
    ...(extra.tails ? { logTails: extra.tails } : {}),
    ...(extra.artifacts ? { artifacts: extra.artifacts } : {}),
    ...(extra.tests ? { tests: extra.tests } : {}),
    ...(stepUrl ? { stepUrl } : {}),
  });
}
