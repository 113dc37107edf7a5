// The GitHub reports of one target as a sink, loaded lazily: with one target the step's own (its outputs
// and state), among several each named for its target.
import type { FlowSink } from '../core/flow/events.ts';
import type { TargetRun } from '../core/flow/events.ts';
import { renderSummary } from '../core/report/summary-html.ts';
import { targetSummaryDoc } from '../core/report/target-summary.ts';
import { deferred } from '../core/sinks/deferred.ts';
import type * as GitHubReportingModule from '../github/reporting.ts';
import type { GitHubReporting } from '../github/settings.ts';
import { realSleep, systemClock } from '../time.ts';
import { namedFor } from './github-names.ts';
import { testPlacer } from './test-places.ts';
import { workflowPath } from './runner-context.ts';
import { USER_AGENT } from './user-agent.ts';

type ReportingModule = Promise<typeof GitHubReportingModule>;

export function gitHubSink(loading: ReportingModule, github: GitHubReporting, run: TargetRun): FlowSink {
  const { settings } = run;
  const { facts } = run;
  return deferred(
    loading.then(({ createGitHubSink }) =>
      createGitHubSink(namedFor(github, run.nameFor), {
        outputs: run.outputs,
        openReports: run.openReports,
        log: run.log,
        clock: systemClock,
        sleep: realSleep,
        cancel: run.cancel,
        wait: settings.wait,
        userAgent: USER_AGENT,
        annotationPath: workflowPath(),
        failedLogs: facts.tails,
        tests: () => facts.tests,
        ...(settings.artifacts.testReports.length > 0 ? { placeTest: testPlacer(settings.artifacts) } : {}),
        summary: (conclusion, info, maxBytes) =>
          renderSummary(
            targetSummaryDoc(settings, info, conclusion, {
              tails: facts.tails,
              artifacts: facts.artifacts,
              tests: facts.tests,
            }),
            { maxBytes },
          ),
      }),
    ),
  );
}
