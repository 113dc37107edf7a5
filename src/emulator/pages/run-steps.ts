// The steps of a run page: each step a <details id="step-{id}"> with its log in place. Logs are shown as
// their last lines, read by index (logs.ts), so that a huge log costs no more than a small one, and the page
// as a whole holds a bounded number of log lines.
import { clip, escapeHtml, splitLines } from '../../text/safety.ts';
import { testCounts } from '../artifacts/junit.ts';
import { hasArtifacts } from '../artifacts/service.ts';
import { stepLog } from '../logs.ts';
import type { ExecutionState, PlannedStep, StepState } from '../timeline.ts';
import type { RunRecord } from '../world-records.ts';
import { badge, duration, pagePath, text } from './format.ts';

const LINES_PER_STEP = 300;
const LINES_PER_PAGE = 20_000;
const MAX_LINE = 4000;

export interface StepsSection {
  html: string;
  /** The step `?step=` named, when the run has it. */
  selected?: PlannedStep;
}

function logHtml(run: RunRecord, state: StepState, now: number): { html: string; lines: number } {
  const log = stepLog({ step: state.step, state, now, plan: run.plan });
  const { count } = log;
  const line = (index: number) => log.line(index);
  const first = Math.max(0, count - LINES_PER_STEP);
  const lines: string[] = [];
  for (let i = first; i < count; i++) lines.push(...splitLines(clip(line(i), MAX_LINE)).map(escapeHtml));
  const cut = first > 0 ? `<p class="muted">The last ${count - first} of ${count} lines.</p>` : '';
  return { html: `${cut}<pre class="log">${lines.join('\n')}</pre>`, lines: count - first };
}

/**
 * A link to what the step stored, and its test counts when it stored a JUnit report; the counts come from
 * the world's definition of the report. The link is the page's own archive route, which the page's token
 * cookie opens: the API's route would need the token as a header, which a browser's link cannot send.
 */
function artifactsHtml(run: RunRecord, state: StepState | undefined): string {
  if (!hasArtifacts(state)) return '';
  const href = pagePath(
    run.app.owner.username,
    run.app.name,
    'runs',
    run.pipeline.name,
    run.id,
    'artifacts',
    `${state.step.id}.tar.gz`,
  );
  const link = `<a href="${href}" download>Artifacts</a> <span class="muted">(.tar.gz)</span>`;
  const report = state.step.stores?.testReport;
  if (!report) return `<p class="artifacts">${link}</p>`;
  const counts = testCounts(report, state.result === 'failed');
  const tests = `${counts.total} tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  return `<p class="artifacts">${link} · <span class="tests">${tests}</span> <span class="muted">in <code>${text(report.path, 300)}</code></span></p>`;
}

function stepLabel(state: StepState | undefined, runFinished: boolean): string {
  if (!state) return runFinished ? 'skipped' : 'notstarted';
  return state.finished ? state.result : 'running';
}

export function stepsSection(
  run: RunRecord,
  exec: ExecutionState,
  now: number,
  selectedId: string | undefined,
): StepsSection {
  if (run.plan.steps.length === 0) return { html: '<p class="muted">This run has no steps.</p>' };
  const selected = run.plan.steps.find((step) => step.id === selectedId);
  let budget = LINES_PER_PAGE;
  const items = run.plan.steps.map((step, index) => {
    const state = exec.steps[index];
    const label = stepLabel(state, exec.phase === 'finished');
    const open = selected ? step === selected : label === 'failed' || label === 'running';
    let body = '<p class="muted">No log: the step has not started.</p>';
    if (state && (budget > 0 || open)) {
      const log = logHtml(run, state, now);
      body = log.html;
      budget -= log.lines;
    } else if (state) {
      body = `<p class="muted">Log not shown here, to keep the page small: <a href="?step=${text(step.id)}">open this step</a>.</p>`;
    }
    const took = state ? duration((state.finishedAt ?? now) - step.startAt) : '';
    return `<details class="${label === 'failed' ? 'step failed' : 'step'}" id="step-${text(step.id)}"${open ? ' open' : ''}>
<summary><span class="muted">${step.order}.</span> <span class="name">${text(step.name, 500)}</span> ${badge(label)} <span class="muted">${took}</span></summary>
${artifactsHtml(run, state)}${body}
</details>`;
  });
  const missing =
    selectedId !== undefined && !selected
      ? `<p class="note">This run has no step ${text(selectedId, 100)}.</p>`
      : '';
  return { html: missing + items.join('\n'), ...(selected ? { selected } : {}) };
}

/** Scrolls to the selected step when the page is opened, but not when it reloads itself. */
export function scrollScript(step: PlannedStep): string {
  const id = JSON.stringify(`step-${step.id}`).replace(/</g, '\\u003c');
  return `if (performance.getEntriesByType('navigation')[0]?.type !== 'reload') document.getElementById(${id})?.scrollIntoView();`;
}
