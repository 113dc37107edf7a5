// `/{owner}/{application}/runs/{pipeline name}/{run id}`: one run as a person sees it: its state, its
// commit, the keys (never the values) of its variables, where it sits in its chain, and its steps' logs.
import type { EmulatorState } from '../state.ts';
import { statusOf } from '../views.ts';
import type { RunRecord, WorkflowItemRecord } from '../world-records.ts';
import { REFRESH_SECONDS, runPath } from './app-page.ts';
import type { Page } from './document.ts';
import { badge, commit, duration, multiline, pagePath, text, time } from './format.ts';
import { scrollScript, stepsSection } from './run-steps.ts';

function facts(state: EmulatorState, run: RunRecord, now: number): string {
  const exec = state.world.stateOf(run, now);
  const took =
    exec.startedAt !== undefined
      ? duration((exec.finishedAt ?? now) - exec.startedAt)
      : '<span class="muted">–</span>';
  const rows: [string, string][] = [
    ['Branch', `<code>${text(run.branch, 300)}</code>`],
    ['Commit', commit(run.commitHash)],
    ['Message', multiline(run.message)],
    ['Triggered by', `${text(run.user.name)} <span class="muted">(${text(run.user.username)})</span>`],
    ['Created', time(run.plan.createdAt)],
    ['Started', time(exec.startedAt)],
    ['Finished', time(exec.finishedAt)],
    ['Duration', took],
  ];
  return `<dl class="facts">${rows.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function envKeys(run: RunRecord): string {
  if (run.envVars.length === 0) return '<p class="muted">None.</p>';
  const keys = run.envVars.map((envVar) => `<li><code>${text(envVar.key, 300)}</code></li>`);
  return `<ul class="keys">${keys.join('')}</ul><p class="muted">Values are never shown.</p>`;
}

/** A run of the chain: a link to its page while the world still knows it, else its id. */
function runLink(state: EmulatorState, run: RunRecord, now: number): string {
  if (!state.world.run(run.id)) return `<code>${text(run.id)}</code> <span class="muted">(forgotten)</span>`;
  const exec = state.world.stateOf(run, now);
  return `<a href="${runPath(run)}">${text(run.pipeline.name, 200)} <code>${text(run.id)}</code></a> ${badge(
    statusOf(exec.phase, state.quirks),
  )} ${badge(exec.result)}`;
}

function workflowItem(
  state: EmulatorState,
  run: RunRecord,
  item: WorkflowItemRecord,
  items: readonly WorkflowItemRecord[],
  now: number,
): string {
  const parent = items.find((candidate) => candidate.id === item.parentItemId);
  const after = parent ? ` <span class="muted">after ${text(parent.pipeline.name, 200)}</span>` : '';
  if (!item.run) return `<li>${text(item.pipeline.name, 200)} ${badge('notstarted')}${after}</li>`;
  const self = item.run === run ? ' <span class="muted">(this run)</span>' : '';
  return `<li>${runLink(state, item.run, now)}${self}${after}</li>`;
}

function chain(state: EmulatorState, run: RunRecord, now: number): string {
  const source = run.sourceRun
    ? `<p>Source run: ${runLink(state, run.sourceRun, now)}</p>`
    : '<p class="muted">No source run: started from a commit.</p>';
  const { items } = run.workflow;
  const list = items.map((item) => workflowItem(state, run, item, items, now)).join('');
  return `${source}<p>Workflow <code>${text(run.workflow.id)}</code>:</p><ul class="plain">${list}</ul>`;
}

export function runPage(state: EmulatorState, run: RunRecord, selectedStep: string | undefined): Page {
  const now = state.world.now();
  const exec = state.world.stateOf(run, now);
  const { app } = run;
  const steps = stepsSection(run, exec, now, selectedStep);
  const body = `<div class="crumbs"><a href="${pagePath(app.owner.username, app.name)}">${text(
    `${app.owner.username}/${app.name}`,
  )}</a> / runs / ${text(run.pipeline.name, 200)}</div>
<h1>${text(run.pipeline.name, 200)} <span class="muted">run ${text(run.id)}</span></h1>
<div class="state" id="state">${badge(statusOf(exec.phase, state.quirks))} ${badge(exec.result)}
<progress max="100" value="${exec.progress}"></progress> <span id="progress">${exec.progress} %</span></div>
${facts(state, run, now)}
<h2>Environment variables</h2>
${envKeys(run)}
<h2>Chain</h2>
${chain(state, run, now)}
<h2>Steps</h2>
${steps.html}`;
  return {
    title: `${run.pipeline.name} run ${run.id} · ${app.owner.username}/${app.name}`,
    body,
    ...(exec.phase !== 'finished' ? { refreshSeconds: REFRESH_SECONDS } : {}),
    ...(steps.selected ? { script: scrollScript(steps.selected) } : {}),
  };
}
