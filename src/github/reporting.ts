// GitHub reporting, loaded only when one of its inputs is set: the commit status, check run and
// deployment sinks for main, and the backstop that finishes what main left open for post.
import type { Outputs, StateStore, OpenReportsState } from '../core/contract.ts';
import type { CancelSignals } from '../core/flow/cancel.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../core/flow/events.ts';
import type { OutcomeKind } from '../core/outcome-kind.ts';
import type { Log } from '../core/ports.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import { together } from '../core/sinks/together.ts';
import type { Clock, Sleep } from '../time.ts';
import { createOctokitApi } from './octokit-api.ts';
import { OpenReports } from './open-reports.ts';
import type { GitHubApi } from './port.ts';
import type { ReportKind } from './permissions.ts';
import { ReportWriter } from './report-writer.ts';
import {
  checkConclusion,
  checkTitle,
  commitState,
  deploymentState,
  statusDescription,
} from './report-text.ts';
import type { GitHubReporting } from './settings.ts';
import { createCheckRunSink } from './sinks/check-run.ts';
import { createCommitStatusSink } from './sinks/commit-status.ts';
import { createDeploymentSink } from './sinks/deployment.ts';

export interface ReportingDeps {
  outputs: Outputs;
  state: StateStore;
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
  /** Tests hand in their own. */
  api?: GitHubApi;
}

/** The GitHub reports as one sink: they hear the flow together and finish within one time budget. */
export function createGitHubSink(reporting: GitHubReporting, deps: ReportingDeps): FlowSink {
  const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
  const shared = { ...deps, api, open: new OpenReports(deps.state) };
  const sinks: FlowSink[] = [];
  if (reporting.commitStatus) sinks.push(createCommitStatusSink(reporting.commitStatus, shared));
  if (reporting.checkRun) sinks.push(createCheckRunSink(reporting.checkRun, shared));
  if (reporting.deploymentEnvironment) {
    sinks.push(createDeploymentSink(reporting.deploymentEnvironment, shared));
  }
  return together(sinks);
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

const BACKSTOP_PATIENCE_MS = 20_000;

/**
 * Post's backstop after a main that was killed: every report main opened and did not finish gets the
 * given ending. Failures are warnings.
 */
export async function finishOpenReports(
  reporting: GitHubReporting,
  open: OpenReportsState,
  ending: { outcome: OutcomeKind; line: string },
  deps: BackstopDeps,
): Promise<void> {
  const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
  const description = statusDescription(ending.line);
  const target = open.targetUrl ? { target_url: open.targetUrl } : {};
  const writers: Promise<boolean>[] = [];
  const write = (kind: ReportKind, call: (signal: AbortSignal) => Promise<void>) => {
    const writer = new ReportWriter(kind, deps);
    writer.enqueue('state', (_retry, signal) => call(signal));
    writers.push(writer.drain(Math.min(deps.clock.now() + BACKSTOP_PATIENCE_MS, deps.deadline ?? Infinity)));
  };
  if (open.status && reporting.commitStatus) {
    const context = reporting.commitStatus;
    write('commit status', (signal) =>
      api.createStatus({ state: commitState(ending.outcome), context, description, ...target }, signal),
    );
  }
  if (open.checkRunId !== undefined) {
    const id = open.checkRunId;
    const title = checkTitle(ending.line);
    write('check run', (signal) =>
      api.updateCheckRun(
        id,
        {
          status: 'completed',
          conclusion: checkConclusion(ending.outcome),
          completed_at: new Date(deps.clock.now()).toISOString(),
          output: { title, summary: `${title}. The action's main step could not finish this report.` },
        },
        signal,
      ),
    );
  }
  if (open.deploymentId !== undefined) {
    const id = open.deploymentId;
    write('deployment', (signal) =>
      api.createDeploymentStatus(
        id,
        {
          state: deploymentState(ending.outcome),
          description,
          ...(open.targetUrl ? { log_url: open.targetUrl } : {}),
        },
        signal,
      ),
    );
  }
  const done = await Promise.all(writers);
  if (done.every(Boolean)) deps.log.info('Finished the GitHub reports the main step left open.');
}
