// The post entry (post-if: always()): the backstop for a main entry that never got to settle the
// remote run — a container job (docker exec forwards no signal), a SIGKILL, or a step that ran on
// with `if: always()`. Everything here is a warning at worst; it never fails the job.
import * as core from '@actions/core';
import { ApiClient } from '../api/client.ts';
import { abortRemote } from '../core/abort.ts';
import { readSettings } from '../core/settings.ts';
import { STATE } from '../core/state-keys.ts';
import { realSleep, systemClock } from '../time.ts';
import { readInput } from './inputs.ts';
import { githubLog } from './github-ports.ts';
import { USER_AGENT } from './user-agent.ts';

const POST_ABORT_BUDGET_MS = 20_000;

export async function post(): Promise<void> {
  const id = core.getState(STATE.id);
  const kind = core.getState(STATE.kind) === 'build' ? 'build' : 'run';
  const url = core.getState(STATE.url);
  if (!id || core.getState(STATE.settled) === 'true') {
    core.debug('Nothing to clean up: the main step settled the remote run.');
    return;
  }
  const rawToken = core.getInput('token');
  if (rawToken) core.setSecret(rawToken);
  let client: ApiClient | undefined;
  try {
    const settings = readSettings(readInput);
    if (!settings.abortOnCancel) {
      core.info(`The main step did not finish ${kind} ${id}; it is left running (abort-on-cancel: false).`);
      return;
    }
    client = new ApiClient({
      baseUrl: settings.baseUrl,
      ...(settings.token ? { token: settings.token } : {}),
      userAgent: USER_AGENT,
      debug: (line) => core.debug(line),
    });
    core.info(`The main step did not finish ${kind} ${id}; aborting it.`);
    const result = await abortRemote(
      client,
      { kind, id, url },
      { budgetMs: POST_ABORT_BUDGET_MS, clock: systemClock, sleep: realSleep, log: githubLog },
    );
    if (result.confirmed) core.info(result.message);
    else core.warning(result.message);
  } catch (error) {
    core.warning(`Could not abort ${kind} ${id}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client?.close().catch(() => undefined);
  }
}
