// The step's sinks whose modules the first request does not need: the job summary's layout and
// rendering, and the GitHub reports. Their modules load while the first request is in flight
// (load-later.ts); events that come before are kept and replayed (deferred.ts), and the end loads
// them at once if they are still waiting.
import type { CancelSignals } from '../core/flow/context.ts';
import type { FlowSink } from '../core/flow/events.ts';
import type { StepLogFacts } from '../core/report/failures.ts';
import type { Settings } from '../core/settings.ts';
import { deferred } from '../core/sinks/deferred.ts';
import type { FailedLogs } from '../core/sinks/failed-logs.ts';
import type * as Reporting from '../github/reporting.ts';
import type { GitHubReporting } from '../github/settings.ts';
import { githubLog, githubSummary } from './github-ports.ts';
import { later, type Later } from './load-later.ts';

function sinkLoadedLater<M>(module: Later<M>, make: (module: M) => FlowSink): FlowSink {
  const sink = deferred(module.loaded.then(make));
  return {
    ...sink,
    concluded: async (conclusion) => {
      void module.now();
      await sink.concluded?.(conclusion);
    },
  };
}

/** The job summary, published once at the end. */
export function lateSummarySink(settings: Settings, failedLogs: FailedLogs): FlowSink {
  return sinkLoadedLater(
    later(() => import('../core/sinks/summary-sink.ts')),
    ({ createSummarySink, toJobSummary }) =>
      createSummarySink(settings, toJobSummary(githubSummary, githubLog), { failedLogs }),
  );
}

/** The step's GitHub reports; `reporting` is the GitHub client's chunk, asked for with later(). */
export function lateGitHubSink(
  reporting: Later<typeof Reporting>,
  github: GitHubReporting,
  settings: Settings,
  cancel: CancelSignals,
  tails: ReadonlyMap<string, StepLogFacts>,
): FlowSink {
  return sinkLoadedLater(
    later(() => import('./github-sink.ts')),
    ({ stepGitHubSink }) => stepGitHubSink(reporting.now(), github, settings, cancel, tails),
  );
}
