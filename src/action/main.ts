// The main entry of the action: read and check every input before sending anything, then trigger,
// follow and gate. Signal handlers go in first of all (see signals.ts).
import * as core from '@actions/core';
import { ApiClient } from '../api/client.ts';
import { execute } from '../core/execute.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';
import { createReporter } from '../core/reporter.ts';
import { readSettings, SettingsError } from '../core/settings.ts';
import { realSleep, systemClock } from '../time.ts';
import { readInput } from './inputs.ts';
import { githubLog, githubOutputs, githubState, githubSummary } from './github-ports.ts';
import { installCancelHandlers } from '../runtime/signals.ts';
import { USER_AGENT } from './user-agent.ts';

export async function run(): Promise<void> {
  const cancel = installCancelHandlers(githubLog);
  const rawToken = core.getInput('token');
  if (rawToken) core.setSecret(rawToken);

  let client: ApiClient | undefined;
  try {
    const settings = readSettings(readInput);
    client = new ApiClient({
      baseUrl: settings.baseUrl,
      ...(settings.token ? { token: settings.token } : {}),
      userAgent: USER_AGENT,
      debug: (line) => core.debug(line),
    });
    const ports = {
      log: githubLog,
      outputs: githubOutputs,
      state: githubState,
      summary: githubSummary,
      clock: systemClock,
      sleep: realSleep,
    };
    const reporter = createReporter({ ...ports, client, settings, cancel: cancel.signal });
    const outcome = await execute(settings, { ...ports, client, cancel, reporter });
    if (outcome.success) core.info(sanitizeLine(outcome.message, { maxLength: 4000 }));
    else core.setFailed(outcome.message);
  } catch (error) {
    core.setFailed(describe(error));
  } finally {
    await client?.close().catch(() => undefined);
    cancel.dispose();
  }
}

/** Error messages already carry their hints (the client appends them); remote text in them is made inert. */
function describe(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return sanitizeLine(messageOf(error), { maxLength: 4000 });
}
