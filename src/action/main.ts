// The main entry of the action: read and check every input before sending anything, then trigger,
// follow and gate. Signal handlers go in first of all (see signals.ts).
import * as core from '@actions/core';
import { withApiClient } from '../api/connect.ts';
import { messageOf } from '../text/message.ts';
import { execute } from '../core/flow/execute.ts';
import type { FlowSink } from '../core/flow/events.ts';
import type { CancelSignals } from '../core/flow/context.ts';
import { renderSummary } from '../core/report/summary-html.ts';
import type { Settings } from '../core/settings.ts';
import { SettingsError } from '../core/settings.ts';
import { sanitizeLine } from '../text/safety.ts';
import { createLogSink } from '../core/sinks/log-sink.ts';
import { deferred } from '../core/sinks/deferred.ts';
import { createRecordSink } from '../core/sinks/record-sink.ts';
import { createSummarySink, summaryDoc, toJobSummary } from '../core/sinks/summary-sink.ts';
import type { GitHubReporting } from '../github/settings.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog, githubOutputs, githubState, githubSummary } from './github-ports.ts';
import { readInput } from './inputs.ts';
import { workflowPath } from './runner-context.ts';
import { readActionSettings } from './settings.ts';
import { installCancelHandlers } from '../runtime/signals.ts';
import { USER_AGENT } from './user-agent.ts';

export async function run(): Promise<void> {
  const cancel = installCancelHandlers(githubLog);
  for (const secret of [core.getInput('token'), core.getInput('github-token')]) {
    if (secret) core.setSecret(secret);
  }
  try {
    const { settings, github } = readActionSettings(readInput);
    const reporting = github ? [deferred(gitHubSink(github, settings, cancel))] : [];
    const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
    const outcome = await withApiClient(connection, (client) => {
      const time = { clock: systemClock, sleep: realSleep };
      const sinks = [
        createRecordSink(githubOutputs, githubState),
        createLogSink({ log: githubLog, client, settings, clock: time.clock, cancel: cancel.signal }),
        ...(settings.summary ? [createSummarySink(settings, toJobSummary(githubSummary, githubLog))] : []),
        ...reporting,
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

/** The GitHub client is loaded only when a GitHub report is asked for, while the flow starts. */
async function gitHubSink(
  github: GitHubReporting,
  settings: Settings,
  cancel: CancelSignals,
): Promise<FlowSink> {
  const { createGitHubSink } = await import('../github/reporting.ts');
  return createGitHubSink(github, {
    outputs: githubOutputs,
    state: githubState,
    log: githubLog,
    clock: systemClock,
    sleep: realSleep,
    cancel,
    wait: settings.wait,
    userAgent: USER_AGENT,
    annotationPath: workflowPath(),
    summary: (conclusion, info, maxBytes) =>
      renderSummary(summaryDoc(settings, info, conclusion), { maxBytes }),
  });
}

/** Error messages already carry their hints (the client appends them); remote text in them is made inert. */
function describe(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return sanitizeLine(messageOf(error), { maxLength: 4000 });
}
