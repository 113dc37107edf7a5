// The post entry (post-if: always()): the backstop for a main entry that never got to settle the
// remote work — a container job (docker exec forwards no signal), or a main process killed outright.
// It aborts the run main saved, the other runs of a followed workflow, and a run whose trigger was
// still in flight when main had to stop (with `retries`, the next attempt's). Everything here is a
// warning at worst; it never fails the job.
import * as core from '@actions/core';
import { withApiClient } from '../api/connect.ts';
import { abortAll } from '../core/abort.ts';
import { Budget } from '../core/budget.ts';
import { leftWork, leftWorkOfTargets } from '../core/backstop.ts';
import { fingerprintKey, type FingerprintKey } from '../core/fingerprint.ts';
import type { CiApi } from '../core/api-port.ts';
import { readSavedState, type SavedState } from '../core/contract.ts';
import { targetLabels } from '../core/flow/target-label.ts';
import { readOpenReports, type OpenGitHubReports } from '../github/open-reports.ts';
import type { ReportEnding } from '../github/report-lifecycle.ts';
import { namedFor } from './github-names.ts';
import { decide } from '../core/outcome.ts';
import type { Remote } from '../core/model.ts';
import type { Settings } from '../core/settings.ts';
import { readActionSettings } from './settings.ts';
import { messageOf } from '../text/message.ts';
import { buildRef, runRef, type RemoteRef } from '../core/refs.ts';
import { sanitizeLine } from '../text/safety.ts';
import { readSettings } from '../core/settings.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog, githubState } from './github-ports.ts';
import { readInput } from './inputs.ts';
import { mainSettled, NOTHING_TO_ABORT } from './main-left.ts';
import { USER_AGENT } from './user-agent.ts';

/**
 * The whole post step, searches, aborts and GitHub reports together: well inside the time the runner
 * gives a post step before it kills it, so that the step can say what it could not finish.
 */
const POST_BUDGET_MS = 30_000;
const POST_ABORT_BUDGET_MS = 20_000;
/** The search for a trigger in flight, at most. */
const SEARCH_MS = 8000;
/** Kept from the aborts for the GitHub reports. */
const REPORTS_RESERVE_MS = 8000;
/** The read of the run that tells the reports how it ended, at most. */
const ENDING_READ_MS = 5000;

export async function post(): Promise<void> {
  const budget = new Budget(systemClock, POST_BUDGET_MS);
  try {
    const { state, problems } = readSavedState(githubState);
    const reports = reportsLeftOpen(state, problems);
    if (problems.length > 0) {
      core.warning(`Ignoring unusable saved state from the main step: ${problems.join(', ')}.`);
    }
    const rawToken = core.getInput('token');
    if (rawToken) core.setSecret(rawToken);
    if (mainSettled(state)) {
      core.debug(NOTHING_TO_ABORT);
    } else {
      await abortWhatMainLeft(state, budget);
    }
    await finishGitHubReports(reports, budget);
    if (budget.spent) {
      core.warning(
        `The post step stopped at its ${POST_BUDGET_MS / 1000}s budget; what it could not finish is named above.`,
      );
    }
  } finally {
    budget.dispose();
  }
}

/** GitHub reports main left open: its own, or each target's (`index` into the targets). */
interface OpenReportsOf {
  work: Pick<Partial<SavedState>, 'kind' | 'id'>;
  open: OpenGitHubReports;
  index?: number;
}

/** What main left open, checked; an entry that is not usable is dropped and named in `problems`. */
function reportsLeftOpen(state: Partial<SavedState>, problems: string[]): OpenReportsOf[] {
  const checked = (saved: unknown, name: string) => {
    if (saved === undefined) return [];
    const open = readOpenReports(saved);
    if (!open) problems.push(name);
    return open ? [open] : [];
  };
  const own = checked(state.openReports, 'openReports').map((open) => ({ work: state, open }));
  const targets = (state.targets ?? []).flatMap((target, index) =>
    checked(target.openReports, `openReports of target ${index + 1}`).map((open) => ({
      work: target,
      open,
      index,
    })),
  );
  return [...own, ...targets];
}

async function abortWhatMainLeft(state: Partial<SavedState>, budget: Budget): Promise<void> {
  try {
    const settings = readSettings(readInput);
    if (!settings.abortOnCancel) {
      core.info(
        'The main step did not finish following the remote work; it is left running (abort-on-cancel: false).',
      );
      return;
    }
    const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
    // The fingerprint's key, made from the token again as main made it: it was never saved.
    const key = fingerprintKey(settings.token);
    await withApiClient(connection, (client) => abortUnsettled(client, state, key, budget));
  } catch (error) {
    core.warning(`Could not abort the remote work: ${sanitizeLine(messageOf(error), { maxLength: 2000 })}`);
  }
}

async function abortUnsettled(
  client: CiApi,
  state: Partial<SavedState>,
  key: FingerprintKey,
  budget: Budget,
): Promise<void> {
  const search = budget.slice(SEARCH_MS, REPORTS_RESERVE_MS);
  const call = { signal: search.signal, deadline: search.deadline };
  const { refs, ambiguous, unsearched } = state.targets
    ? await leftWorkOfTargets(client, state.targets, key, call)
    : await leftWork(client, state, key, call);
  if (unsearched !== undefined) {
    core.warning(
      `Could not finish looking for the run of a trigger main left in flight (${unsearched} ` +
        `${unsearched === 1 ? 'search' : 'searches'}); a run it created, if any, is left running.`,
    );
  }
  if (ambiguous !== undefined) {
    core.warning(
      `The main step stopped while triggering, and ${ambiguous} new runs match the trigger; ` +
        'none is aborted, since the action cannot tell which one it created.',
    );
  }
  if (refs.length === 0) {
    if (ambiguous !== undefined) return;
    core.info(
      'The main step stopped while triggering, and no run of that trigger was found; nothing to abort.',
    );
    return;
  }
  core.info(`The main step did not finish following ${refs.map(workName).join(', ')}; aborting.`);
  const results = await abortAll(client, refs, {
    budgetMs: budget.slice(POST_ABORT_BUDGET_MS, REPORTS_RESERVE_MS).ms,
    clock: systemClock,
    sleep: realSleep,
    log: githubLog,
  });
  for (const result of results) {
    if (result.confirmed) core.info(result.message);
    else core.warning(result.message);
  }
}

function workName(ref: RemoteRef): string {
  return `${ref.kind} ${sanitizeLine(ref.id, { maxLength: 100 })}`;
}

/**
 * The reports main opened and could not finish get the work's end as far as post can tell it; a
 * target's reports are named for it, as main named them.
 */
async function finishGitHubReports(left: readonly OpenReportsOf[], budget: Budget): Promise<void> {
  if (left.length === 0) return;
  try {
    const { settings, github } = readActionSettings(readInput);
    if (!github) return;
    core.setSecret(github.token);
    const labels = targetLabels(settings.targets);
    const { finishOpenReports } = await import('../github/reporting.ts');
    const deps = {
      log: githubLog,
      clock: systemClock,
      sleep: realSleep,
      userAgent: USER_AGENT,
      deadline: budget.deadline,
    };
    await Promise.all(
      left.map(async ({ work, open, index }) => {
        const label = index === undefined ? undefined : labels[index];
        if (index !== undefined && label === undefined) return;
        const ending = await endingOf(settings, work, budget);
        if (label === undefined) await finishOpenReports(github, open, ending, deps);
        else await finishOpenReports(namedFor(github, label), open, prefixed(ending, label), deps);
      }),
    );
  } catch (error) {
    core.warning(
      `Could not finish the GitHub reports: ${sanitizeLine(messageOf(error), { maxLength: 2000 })}`,
    );
  }
}

function prefixed(ending: ReportEnding, label: string): ReportEnding {
  return { ...ending, line: `${label}: ${ending.line}` };
}

/** The work's end as far as post can tell it, decided as main's endings are. */
async function endingOf(
  settings: Settings,
  state: Pick<Partial<SavedState>, 'kind' | 'id'>,
  budget: Budget,
): Promise<ReportEnding> {
  const ref = state.id ? (state.kind === 'build' ? buildRef : runRef)(settings.baseUrl, state.id) : undefined;
  const { outcome } = decide(
    { kind: 'left-by-main', ref, now: ref && (await readNow(settings, ref, budget)) },
    settings,
  );
  return { outcome: outcome.kind, line: outcome.message };
}

async function readNow(
  settings: Settings,
  ref: RemoteRef,
  budget: Budget,
): Promise<Pick<Remote, 'status' | 'result'> | undefined> {
  try {
    const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
    // Half of what is left at most: the reports themselves need the rest.
    const read = budget.slice(Math.min(ENDING_READ_MS, budget.left() / 2));
    const call = { signal: read.signal, deadline: read.deadline };
    return await withApiClient(connection, (client) =>
      ref.kind === 'run' ? client.getRun(ref.id, call) : client.getBuild(ref.id, call),
    );
  } catch {
    return undefined;
  }
}
