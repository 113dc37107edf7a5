// The post entry (post-if: always()): the backstop for a main entry that never got to settle the
// remote work — a container job (docker exec forwards no signal), or a main process killed outright.
// It aborts the run main saved, the other runs of a followed workflow, and a run whose trigger was
// still in flight when main had to stop. Everything here is a warning at worst; it never fails the job.
import * as core from '@actions/core';
import { ApiClient } from '../api/client.ts';
import { abortAll, type RemoteRef } from '../core/abort.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';
import { readSettings } from '../core/settings.ts';
import { STATE } from '../core/state-keys.ts';
import { findTriggeredRuns, type TriggerFingerprint } from '../core/trigger.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog } from './github-ports.ts';
import { readInput } from './inputs.ts';
import { USER_AGENT } from './user-agent.ts';

const POST_ABORT_BUDGET_MS = 20_000;

export async function post(): Promise<void> {
  const id = core.getState(STATE.id);
  const pending = core.getState(STATE.pendingTrigger);
  if (core.getState(STATE.settled) === 'true' || (!id && !pending)) {
    core.debug('Nothing to clean up: the main step settled the remote work.');
    return;
  }
  const rawToken = core.getInput('token');
  if (rawToken) core.setSecret(rawToken);
  let client: ApiClient | undefined;
  try {
    const settings = readSettings(readInput);
    if (!settings.abortOnCancel) {
      core.info(
        'The main step did not finish following the remote work; it is left running (abort-on-cancel: false).',
      );
      return;
    }
    client = new ApiClient({
      baseUrl: settings.baseUrl,
      ...(settings.token ? { token: settings.token } : {}),
      userAgent: USER_AGENT,
      debug: (line) => core.debug(line),
    });
    const refs = await unsettledWork(client, id, pending);
    if (refs.length === 0) {
      core.info(
        'The main step stopped while triggering, and no run of that trigger was found; nothing to abort.',
      );
      return;
    }
    core.info(`The main step did not finish following ${refs.map(describe).join(', ')}; aborting.`);
    const results = await abortAll(client, refs, {
      budgetMs: POST_ABORT_BUDGET_MS,
      clock: systemClock,
      sleep: realSleep,
      log: githubLog,
    });
    for (const result of results) {
      if (result.confirmed) core.info(result.message);
      else core.warning(result.message);
    }
  } catch (error) {
    const reason = sanitizeLine(messageOf(error), { maxLength: 2000 });
    core.warning(`Could not abort the remote work: ${reason}`);
  } finally {
    await client?.close().catch(() => undefined);
  }
}

async function unsettledWork(client: ApiClient, id: string, pending: string): Promise<RemoteRef[]> {
  if (id) {
    const kind = core.getState(STATE.kind) === 'build' ? 'build' : 'run';
    const others = parseIds(core.getState(STATE.workflowRuns));
    return [
      { kind, id, url: core.getState(STATE.url) },
      ...others.map((other) => ({
        kind: 'run' as const,
        id: other,
        url: `${client.apiUrl}/runs/${encodeURIComponent(other)}`,
      })),
    ];
  }
  // The trigger was in flight: find the run it created the same way a lost response is handled.
  const fingerprint = JSON.parse(pending) as TriggerFingerprint;
  const candidates = await findTriggeredRuns(client, fingerprint);
  if (candidates.length > 1) {
    core.warning(
      `The main step stopped while triggering, and ${candidates.length} new runs match the trigger; ` +
        'none is aborted, since the action cannot tell which one it created.',
    );
    return [];
  }
  return candidates.map((run) => ({ kind: 'run', id: run.id, url: run.url }));
}

function parseIds(text: string): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function describe(ref: RemoteRef): string {
  return `${ref.kind} ${sanitizeLine(ref.id, { maxLength: 100 })}`;
}
