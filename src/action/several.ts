// The main entry with several targets: every target followed at once, each with its own prefixed log
// and GitHub reports, then the step's outputs, state and job summary written once for all of them.
import type { FlowDeps } from '../core/flow/context.ts';
import { executeSeveral } from '../core/flow/several.ts';
import type { Outcome } from '../core/outcome.ts';
import { renderSeveralSummary } from '../core/report/several-summary.ts';
import type { Settings } from '../core/settings.ts';
import { writeSeveralOutputs } from '../core/sinks/several-outputs.ts';
import type { GitHubReporting } from '../github/settings.ts';
import { messageOf } from '../text/message.ts';
import { githubOutputs, githubState, githubSummary } from './github-ports.ts';
import { targetGitHubSink, type ReportingModule } from './github-sink.ts';

export function runSeveral(
  settings: Settings,
  deps: Omit<FlowDeps, 'sinks'>,
  github: GitHubReporting | undefined,
  loading: ReportingModule | undefined,
): Promise<Outcome> {
  return executeSeveral(settings, {
    ...deps,
    outputs: githubOutputs,
    state: githubState,
    ...(github && loading ? { targetSinks: (run) => [targetGitHubSink(loading, github, run)] } : {}),
    ends: [
      (end) => writeSeveralOutputs(githubOutputs, end),
      ...(settings.summary
        ? [
            async (end: Parameters<typeof renderSeveralSummary>[0]) => {
              try {
                await githubSummary.write(renderSeveralSummary(end));
              } catch (error) {
                deps.log.warning(`Could not write the job summary: ${messageOf(error)}`);
              }
            },
          ]
        : []),
    ],
  });
}
