// The main entry of the action: read and check every input before sending anything, then trigger,
// follow and gate. Signal handlers go in first of all (see signals.ts). What the first request does not
// need loads while it is in flight (load-later.ts): @actions/core, the summary, the GitHub reports,
// and the machinery of several targets.
import { withApiClient } from '../api/connect.ts';
import { messageOf } from '../text/message.ts';
import { execute } from '../core/flow/execute.ts';
import { SettingsError } from '../core/settings.ts';
import { sanitizeLine } from '../text/safety.ts';
import { collectFailedLogs } from '../core/sinks/failed-logs.ts';
import { createLogSink } from '../core/sinks/log-sink.ts';
import { createRecordSink } from '../core/sinks/record-sink.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog, githubOutputs, githubState } from './github-ports.ts';
import { readInput } from './inputs.ts';
import { coreNow, withCore } from './lazy-core.ts';
import { later } from './load-later.ts';
import { lateGitHubSink, lateSummarySink } from './late-sinks.ts';
import { readActionSettings } from './settings.ts';
import { installCancelHandlers } from '../runtime/signals.ts';
import { USER_AGENT } from './user-agent.ts';

export async function run(): Promise<void> {
  const cancel = installCancelHandlers(githubLog);
  const rawToken = readInput('token');
  if (rawToken) withCore((core) => core.setSecret(rawToken));
  try {
    const { settings, github } = readActionSettings(readInput);
    // The runner masks the job's own token; one passed from a secret is masked here, once it is used.
    if (github) withCore((core) => core.setSecret(github.token));
    // The GitHub client is loaded only when a report is asked for, while the first request is in flight.
    const loading = github ? later(() => import('../github/reporting.ts')) : undefined;
    const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
    const outcome = await withApiClient(connection, async (client) => {
      const time = { clock: systemClock, sleep: realSleep };
      if (settings.targets.length > 1) {
        const { runSeveral } = await import('./several.ts');
        return runSeveral(settings, { client, ...time, log: githubLog, cancel }, github, loading?.loaded);
      }
      const failedLogs = collectFailedLogs({ client, cancel: cancel.signal, log: githubLog });
      const sinks = [
        createRecordSink(githubOutputs, githubState),
        createLogSink({ log: githubLog, client, settings, clock: time.clock, cancel: cancel.signal }),
        failedLogs.sink,
        ...(settings.summary ? [lateSummarySink(settings, failedLogs)] : []),
        ...(github && loading ? [lateGitHubSink(loading, github, settings, cancel, failedLogs.tails)] : []),
      ];
      return execute(settings, { client, ...time, log: githubLog, cancel, sinks });
    });
    const core = await coreNow();
    if (outcome.success) core.info(sanitizeLine(outcome.message, { maxLength: 4000 }));
    else core.setFailed(outcome.message);
  } catch (error) {
    (await coreNow()).setFailed(describe(error));
  } finally {
    cancel.dispose();
  }
}

/** Error messages already carry their hints (the client appends them); remote text in them is made inert. */
function describe(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return sanitizeLine(messageOf(error), { maxLength: 4000 });
}
