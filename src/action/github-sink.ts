// The GitHub reports as a sink, loaded lazily: one set for the step, or one set per target (each named
// for its target) when several are followed.
import type { CancelSignals } from '../core/flow/context.ts';
import type { FlowSink } from '../core/flow/events.ts';
import type { TargetRun } from '../core/flow/several-types.ts';
import type { Outputs, StateStore } from '../core/contract.ts';
import type { Log } from '../core/ports.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import { renderSummary } from '../core/report/summary-html.ts';
import type { Settings } from '../core/settings.ts';
import { deferred } from '../core/sinks/deferred.ts';
import { summaryDoc } from '../core/sinks/summary-sink.ts';
import type * as GitHubReportingModule from '../github/reporting.ts';
import type { GitHubReporting } from '../github/settings.ts';
import { realSleep, systemClock } from '../time.ts';
import { namedFor } from './github-names.ts';
import { githubLog, githubOutputs, githubState } from './github-ports.ts';
import { workflowPath } from './runner-context.ts';
import { USER_AGENT } from './user-agent.ts';

export type ReportingModule = Promise<typeof GitHubReportingModule>;

interface SinkPorts {
  settings: Settings;
  outputs: Outputs;
  state: StateStore;
  log: Log;
  cancel: CancelSignals;
  tails: ReadonlyMap<string, StepLogFacts>;
}

function gitHubSink(loading: ReportingModule, github: GitHubReporting, ports: SinkPorts): FlowSink {
  const { settings, tails } = ports;
  return deferred(
    loading.then(({ createGitHubSink }) =>
      createGitHubSink(github, {
        outputs: ports.outputs,
        state: ports.state,
        log: ports.log,
        clock: systemClock,
        sleep: realSleep,
        cancel: ports.cancel,
        wait: settings.wait,
        userAgent: USER_AGENT,
        annotationPath: workflowPath(),
        failedLogs: tails,
        summary: (conclusion, info, maxBytes) =>
          renderSummary(summaryDoc(settings, info, conclusion, { tails }), { maxBytes }),
      }),
    ),
  );
}

/** The step's reports, with its outputs and state. */
export function stepGitHubSink(
  loading: ReportingModule,
  github: GitHubReporting,
  settings: Settings,
  cancel: CancelSignals,
  tails: ReadonlyMap<string, StepLogFacts>,
): FlowSink {
  return gitHubSink(loading, github, {
    settings,
    outputs: githubOutputs,
    state: githubState,
    log: githubLog,
    cancel,
    tails,
  });
}

/** One target's reports among several: named for it, its ids kept out of the step's outputs. */
export function targetGitHubSink(
  loading: ReportingModule,
  github: GitHubReporting,
  run: TargetRun,
): FlowSink {
  return gitHubSink(loading, namedFor(github, run.label), {
    settings: run.settings,
    outputs: { set: () => undefined },
    state: run.state,
    log: run.log,
    cancel: run.cancel,
    tails: run.tails,
  });
}
