// GitHub reporting, loaded only when one of its inputs is set: the reports as one sink for main, and the
// backstop that finishes what main left open for post. Each report is its payloads (reports/), run by one
// lifecycle (report-lifecycle.ts).
import type { AnnotationPlace } from '../core/report-paths.ts';
import type { TestCase, TestFacts } from '../core/test-results.ts';
import type { OpenReportsStore, Outputs } from '../core/contract.ts';
import type { CancelSignals } from '../core/flow/cancel.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../core/flow/events.ts';
import type { Log } from '../core/ports.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import { together } from '../core/sinks/together.ts';
import type { Clock, Sleep } from '../time.ts';
import { createOctokitApi } from './octokit-api.ts';
import { OpenReportsEntry, type OpenGitHubReports } from './open-reports.ts';
import type { GitHubApi } from './port.ts';
import type { GitHubReport, ReportEnding } from './report-lifecycle.ts';
import { checkRun } from './reports/check-run.ts';
import { commitStatus } from './reports/commit-status.ts';
import { deployment } from './reports/deployment.ts';
import { REPORT_FIELDS, type GitHubReporting, type ReportField } from './settings.ts';

/** Every report, by the field of `GitHubReporting` that names it. */
const REPORTS: Record<ReportField, GitHubReport> = {
  commitStatus,
  checkRun,
  deploymentEnvironment: deployment,
};

export interface ReportingDeps {
  outputs: Outputs;
  /** Where the reports keep what they left open for post. */
  openReports: OpenReportsStore;
  log: Log;
  clock: Clock;
  sleep: Sleep;
  cancel: CancelSignals;
  wait: boolean;
  userAgent: string;
  /** The workflow file, where check run annotations point. */
  annotationPath: string;
  summary(conclusion: Conclusion, info: TriggerInfo | undefined, maxBytes: number): string;
  /** The ends of failed steps' logs, for the check run's annotations. */
  failedLogs?: ReadonlyMap<string, StepLogFacts>;
  /** The test reports, once read, and where a failed test's annotation points. */
  tests?(): TestFacts | undefined;
  placeTest?(test: TestCase): AnnotationPlace | undefined;
  /** Tests hand in their own. */
  api?: GitHubApi;
}

/** The GitHub reports as one sink: they hear the flow together and finish within one time budget. */
export function createGitHubSink(reporting: GitHubReporting, deps: ReportingDeps): FlowSink {
  const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
  const entry = new OpenReportsEntry(deps.openReports);
  return together(
    REPORT_FIELDS.flatMap((field) => {
      const name = reporting[field];
      return name ? [REPORTS[field].sink(name, { ...deps, api }, entry)] : [];
    }),
  );
}

export interface BackstopDeps {
  log: Log;
  clock: Clock;
  sleep: Sleep;
  userAgent: string;
  api?: GitHubApi;
  /** Epoch ms: no write lasts past it (the post step's budget). */
  deadline?: number;
}

/**
 * Post's backstop after a main that was killed: every report main opened and did not finish gets the
 * given ending. Failures are warnings.
 */
export async function finishOpenReports(
  reporting: GitHubReporting,
  open: OpenGitHubReports,
  ending: ReportEnding,
  deps: BackstopDeps,
): Promise<void> {
  const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
  const writes = REPORT_FIELDS.flatMap((field) => {
    const done = REPORTS[field].finish(reporting[field], open, ending, { ...deps, api });
    return done ? [done] : [];
  });
  const done = await Promise.all(writes);
  if (done.every(Boolean)) deps.log.info('Finished the GitHub reports the main step left open.');
}
