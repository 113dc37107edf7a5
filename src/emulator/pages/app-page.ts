// `/{owner}/{application}`: the application's runs, newest first, and its classic builds.
import type { EmulatorState } from '../state.ts';
import { classicStatusOf, statusOf } from '../views.ts';
import type { AppRecord, BuildRecord, RunRecord } from '../world-records.ts';
import type { Page } from './document.ts';
import { badge, commit, duration, firstLine, pagePath, text, time } from './format.ts';

const SHOWN = 100;
export const REFRESH_SECONDS = 2;

/** Newest first; among equal times, the one created later first. */
function newestFirst<T extends RunRecord | BuildRecord>(records: readonly T[]): T[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => b.record.plan.createdAt - a.record.plan.createdAt || b.index - a.index)
    .map(({ record }) => record);
}

export function runPath(run: RunRecord): string {
  return pagePath(run.app.owner.username, run.app.name, 'runs', run.pipeline.name, run.id);
}

function timing(started: number | undefined, finished: number | undefined, now: number): string {
  if (started === undefined) return '<span class="muted">–</span>';
  return duration((finished ?? now) - started);
}

function runRows(state: EmulatorState, runs: readonly RunRecord[], now: number): string {
  return runs
    .map((run) => {
      const exec = state.world.stateOf(run, now);
      const href = runPath(run);
      return `<tr id="run-${text(run.id)}">
<td>${badge(statusOf(exec.phase, state.quirks))}</td><td>${badge(exec.result)}</td>
<td><a href="${href}">${text(run.pipeline.name, 200)}</a></td>
<td>${text(run.branch, 200)}</td><td>${commit(run.commitHash)}</td>
<td><a href="${href}">${firstLine(run.message)}</a></td>
<td>${time(run.plan.createdAt)}</td><td>${timing(exec.startedAt, exec.finishedAt, now)}</td>
</tr>`;
    })
    .join('\n');
}

function buildRows(state: EmulatorState, builds: readonly BuildRecord[], now: number): string {
  return builds
    .map((build) => {
      const exec = state.world.stateOf(build, now);
      return `<tr id="build-${text(build.id)}">
<td>${badge(classicStatusOf(exec.phase))}</td><td>${badge(exec.result)}</td>
<td>${text(build.branch, 200)}</td><td>${commit(build.commitHash)}</td><td>${firstLine(build.message)}</td>
<td>${time(build.plan.createdAt)}</td><td>${timing(exec.startedAt, exec.finishedAt, now)}</td>
</tr>`;
    })
    .join('\n');
}

function section(title: string, count: number, head: string, rows: string, empty: string): string {
  if (count === 0) return `<h2>${title}</h2><p class="muted">${empty}</p>`;
  const shown = Math.min(count, SHOWN);
  const note = count > shown ? `<p class="muted">The newest ${shown} of ${count}.</p>` : '';
  return `<h2>${title} <span class="muted">(${count})</span></h2>${note}
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table>`;
}

export function appPage(state: EmulatorState, app: AppRecord): Page {
  const now = state.world.now();
  const runs = newestFirst(state.world.runs.filter((run) => run.app === app));
  const builds = newestFirst(state.world.builds.filter((build) => build.app === app));
  const unfinished = [...runs, ...builds]
    .slice(0, SHOWN * 2)
    .some((exec) => state.world.stateOf(exec, now).phase !== 'finished');
  const name = `${app.owner.username}/${app.name}`;
  const parts = [
    `<div class="crumbs">${text(app.owner.username)} /</div>`,
    `<h1>${text(app.name)}</h1>`,
    `<p class="muted">${app.privacy === 'private' ? 'Private' : 'Public'} application, stack ${app.stack}, default branch <code>${text(app.defaultBranch)}</code>.</p>`,
  ];
  if (app.stack === 6 || runs.length > 0) {
    const head =
      '<th>Status</th><th>Result</th><th>Pipeline</th><th>Branch</th><th>Commit</th><th>Message</th><th>Created</th><th>Duration</th>';
    parts.push(section('Runs', runs.length, head, runRows(state, runs.slice(0, SHOWN), now), 'No runs yet.'));
  }
  if (app.stack !== 6) {
    const head =
      '<th>Status</th><th>Result</th><th>Branch</th><th>Commit</th><th>Message</th><th>Created</th><th>Duration</th>';
    parts.push(
      section('Builds', builds.length, head, buildRows(state, builds.slice(0, SHOWN), now), 'No builds yet.'),
    );
  }
  return {
    title: name,
    body: parts.join('\n'),
    ...(unfinished ? { refreshSeconds: REFRESH_SECONDS } : {}),
  };
}
