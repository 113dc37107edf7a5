// The step's sinks whose modules the first request does not need: the job summary's layout and
// rendering, and the GitHub reports. Their modules load while the first request is in flight
// (load-later.ts); events that come before are kept and replayed (deferred.ts), and the end loads
// them at once if they are still waiting.
import type { FlowSink } from '../core/flow/events.ts';
import type { StepDeps } from '../core/flow/step-deps.ts';
import type { TargetRun } from '../core/flow/events.ts';
import { deferred } from '../core/sinks/deferred.ts';
import type * as Reporting from '../github/reporting.ts';
import type { GitHubReporting } from '../github/settings.ts';
import { githubSummary } from './github-ports.ts';
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

/** The job summary: its layout and rendering load while the first request is in flight. */
export function laterSummary(): NonNullable<StepDeps['summary']> {
  const rendering = later(() => import('../core/report/step-summary.ts'));
  return {
    publish: async (summary) => githubSummary.write((await rendering.now()).stepSummaryHtml(summary)),
  };
}

/** A target's GitHub reports; `reporting` is the GitHub client's chunk, asked for with later(). */
export function lateGitHubSink(
  reporting: Later<typeof Reporting>,
  github: GitHubReporting,
  run: TargetRun,
): FlowSink {
  return sinkLoadedLater(
    later(() => import('./github-sink.ts')),
    ({ gitHubSink }) => gitHubSink(reporting.now(), github, run),
  );
}
