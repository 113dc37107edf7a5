// The main entry of the action: read and check every input before sending anything, then trigger,
// follow and gate. Signal handlers go in first of all (see signals.ts).
import * as core from '@actions/core';
import { withApiClient } from '../api/connect.ts';
import { messageOf } from '../text/message.ts';
import { execute } from '../core/flow/execute.ts';
import { SettingsError } from '../core/settings.ts';
import { sanitizeLine } from '../text/safety.ts';
import { collectFailedLogs } from '../core/sinks/failed-logs.ts';
import { createLogSink } from '../core/sinks/log-sink.ts';
import { createRecordSink } from '../core/sinks/record-sink.ts';
import { createSummarySink, toJobSummary } from '../core/sinks/summary-sink.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog, githubOutputs, githubState, githubSummary } from './github-ports.ts';
import { stepGitHubSink } from './github-sink.ts';
import { readInput } from './inputs.ts';
import { readActionSettings } from './settings.ts';
import { runSeveral } from './several.ts';
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
    const outcome = await withApiClient(connection, (client) => {
      const time = { clock: systemClock, sleep: realSleep };
      if (settings.targets.length > 1) {
        return runSeveral(settings, { client, ...time, log: githubLog, cancel }, github, loading);
      }
      const failedLogs = collectFailedLogs({ client, cancel: cancel.signal, log: githubLog });
      const sinks = [
        createRecordSink(githubOutputs, githubState),
        createLogSink({ log: githubLog, client, settings, ...time, cancel: cancel.signal }),
        failedLogs.sink,
        ...(settings.summary
          ? [createSummarySink(settings, toJobSummary(githubSummary, githubLog), { failedLogs })]
          : []),
        ...(github && loading ? [stepGitHubSink(loading, github, settings, cancel, failedLogs.tails)] : []),
      ];
      return execute(settings, { client, ...time, log: githubLog, cancel, sinks });
    });
    if (outcome.success) core.info(sanitizeLine(outcome.message, { maxLength: 4000 }));
    else core.setFailed(outcome.message);
  } catch (error) {
    core.setFailed(describe(error));
  } finally {
    cancel.dispose();
  }
}

/** Error messages already carry their hints (the client appends them); remote text in them is made inert. */
function describe(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return sanitizeLine(messageOf(error), { maxLength: 4000 });
}
