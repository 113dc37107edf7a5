// The main entry of the action: read and check every input before sending anything, then trigger,
// follow and gate. Signal handlers go in first of all (see signals.ts).
import * as core from '@actions/core';
import { withApiClient } from '../api/connect.ts';
import { messageOf } from '../text/message.ts';
import { runStep } from '../core/flow/step.ts';
import { stepSummaryHtml } from '../core/report/step-summary.ts';
import { SettingsError } from '../core/settings.ts';
import { sanitizeLine } from '../text/safety.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog, githubOutputs, githubState, githubSummary } from './github-ports.ts';
import { gitHubSink } from './github-sink.ts';
import { readInput } from './inputs.ts';
import { readActionSettings } from './settings.ts';
import { installCancelHandlers } from '../runtime/signals.ts';
import { USER_AGENT } from './user-agent.ts';

export async function run(): Promise<void> {
  const cancel = installCancelHandlers(githubLog);
  const rawToken = core.getInput('token');
  if (rawToken) core.setSecret(rawToken);
  try {
    const { settings, github } = readActionSettings(readInput);
    // The runner masks the job's own token; one passed from a secret is masked here, once it is used.
    if (github) core.setSecret(github.token);
    // The GitHub client is loaded only when a report is asked for, while the flow starts.
    const loading = github ? import('../github/reporting.ts') : undefined;
    const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
    const { outcome } = await withApiClient(connection, (client) =>
      runStep(settings, {
        client,
        clock: systemClock,
        sleep: realSleep,
        log: githubLog,
        cancel,
        outputs: githubOutputs,
        state: githubState,
        ...(settings.summary
          ? { summary: { publish: (summary) => githubSummary.write(stepSummaryHtml(summary)) } }
          : {}),
        ...(github && loading ? { targetSinks: (run) => [gitHubSink(loading, github, run)] } : {}),
      }),
    );
    if (outcome.success) core.info(sanitizeLine(outcome.message, { maxLength: 4000 }));
    else core.setFailed(outcome.message);
  } catch (error) {
    core.setFailed(failureLine(error));
  } finally {
    cancel.dispose();
  }
}

/** Error messages already carry their hints (the client appends them); remote text in them is made inert. */
function failureLine(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return sanitizeLine(messageOf(error), { maxLength: 4000 });
}
