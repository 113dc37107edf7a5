// The job summary, rendered from plain data: HTML for GITHUB_STEP_SUMMARY (core.summary escapes nothing,
// so every remote or user string is escaped here), and the same content as plain text for a terminal.
//
// The HTML is a single HTML block: it starts with a block-level tag and contains no blank line, so the
// Markdown renderer takes it as it is and nothing in the escaped text can turn into Markdown (links,
// images, emphasis). Line breaks in remote text become <br>.
import type { Step } from '../../api/types.ts';
import type { Outcome } from './format.ts';
import { elapsedMs, formatDuration, outcomeIcon, outcomeWord, resultIcon } from './format.ts';
import { escapeHtml, htmlText, LINE_BREAKS, sanitizeLine } from '../../text/safety.ts';

export interface SummaryStep {
  order: number;
  name: string;
  status: string;
  result: string;
  durationMs?: number;
  logUrl?: string;
  artifactsUrl?: string | null;
}

export interface SummaryWorkflowItem {
  name: string;
  status: string;
  result: string;
  runId?: string;
}

export interface SummaryTarget {
  pipeline?: string;
  application?: string;
  branch?: string;
  commit?: string;
  message?: string;
  sourceRunId?: string;
}

export interface SummaryData {
  outcome: Outcome;
  kind: 'run' | 'build';
  id?: string;
  apiUrl?: string;
  target: SummaryTarget;
  startedAt?: Date;
  finishedAt?: Date;
  durationMs?: number;
  status?: string;
  result?: string;
  progress?: number;
  steps: SummaryStep[];
  workflow?: { id: string; items: SummaryWorkflowItem[] };
  /** Keys only, in the order sent; values never reach the summary. */
  envKeys: string[];
  notes?: string[];
}

export interface SummaryOptions {
  /** Upper bound of the UTF-8 size; the runner drops summaries over 1 MiB. Default 1,000,000. */
  maxBytes?: number;
}

export const SUMMARY_MAX_BYTES = 1_000_000;

/** A step as the API returned it, in the summary's shape. */
export function toSummaryStep(step: Step): SummaryStep {
  const durationMs = elapsedMs(step.startedAt, step.finishedAt);
  return {
    order: step.order,
    name: step.name,
    status: step.status,
    result: step.result,
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(step.logUrl !== undefined ? { logUrl: step.logUrl } : {}),
    ...(step.artifactsUrl !== undefined ? { artifactsUrl: step.artifactsUrl } : {}),
  };
}

// Longest remote strings shown, in UTF-16 code units; longer ones are cut with `…`.
const MAX_NAME = 300;
const MAX_MESSAGE = 2000;
const MAX_URL = 2000;
const MAX_NOTE = 2000;
// The environment keys are user input of any count: their section gets its own share of the budget.
const ENV_SECTION_BYTES = 64 * 1024;
const ENV_SECTION_SHARE = 1 / 8;
// Room kept for the notes about rows left out.
const OMISSION_NOTE_BYTES = 256;

/** Remote text as HTML: cut, then neutralised and escaped (see text/safety.ts). */
function text(value: string, max = MAX_NAME): string {
  return htmlText(clip(value, max));
}

function code(value: string, max = MAX_NAME): string {
  return `<code>${text(value, max)}</code>`;
}

/** A link when `url` is an absolute http(s) URL, else the value shown as text (never as an href). */
function link(url: string, label?: string): string {
  const href = httpUrl(url);
  if (href === undefined) return code(url, MAX_URL);
  return `<a href="${escapeHtml(href)}">${label === undefined ? text(url, MAX_URL) : escapeHtml(label)}</a>`;
}

function httpUrl(value: string): string | undefined {
  if (value.length > MAX_URL) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const unit = value.charCodeAt(max - 2);
  return `${value.slice(0, unit >= 0xd800 && unit <= 0xdbff ? max - 2 : max - 1)}…`;
}

function formatDate(date: Date | undefined): string | undefined {
  if (!date || !Number.isFinite(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function runDuration(data: SummaryData): number | undefined {
  return data.durationMs ?? elapsedMs(data.startedAt, data.finishedAt);
}

function kindWord(data: SummaryData): string {
  return data.kind === 'build' ? 'Build' : 'Run';
}

function stepResultWord(step: { status: string; result: string }): string {
  return step.status === 'finished' ? step.result || 'unknown' : step.status || 'unknown';
}

function stepResultIcon(step: { status: string; result: string }): string {
  return step.status === 'finished' ? resultIcon(step.result) : '…';
}

function shortCommit(commit: string): string {
  return commit.length > 12 ? commit.slice(0, 7) : commit;
}

function stateWords(data: SummaryData): string | undefined {
  const words = [
    data.status,
    data.result !== undefined ? `result ${data.result}` : undefined,
    data.progress !== undefined && Number.isFinite(data.progress)
      ? `${Math.round(data.progress)}%`
      : undefined,
  ].filter((word): word is string => word !== undefined && word !== '');
  return words.length > 0 ? words.join(', ') : undefined;
}

const bytes = (value: string): number => Buffer.byteLength(value, 'utf8');
const sum = (lines: readonly string[]): number => lines.reduce((total, line) => total + bytes(line) + 1, 0);

function omittedNote(count: number, what: string): string {
  return `${count} more ${what}${count === 1 ? '' : 's'} not shown (the summary is limited to 1 MiB).`;
}

export function renderSummary(data: SummaryData, options: SummaryOptions = {}): string {
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
  const heading = `<h2>${outcomeIcon(data.outcome)} ${kindWord(data)} ${escapeHtml(outcomeWord(data.outcome))}</h2>`;

  const top = [heading, ...targetTable(data)];
  const steps = [...data.steps].sort((a, b) => a.order - b.order);
  const stepRows = steps.map(stepRow);
  const items = data.workflow?.items ?? [];
  const itemRows = items.map(workflowRow);
  const envBytes = Math.min(ENV_SECTION_BYTES, Math.floor(maxBytes * ENV_SECTION_SHARE));
  const bottom = [...envSection(data.envKeys, envBytes), ...notesSection(data.notes ?? [])];

  const stepsOpen = [
    '<h3>Steps</h3>',
    '<table>',
    '<thead><tr><th>#</th><th>Step</th><th>Result</th><th>Duration</th><th>Log</th><th>Artifacts</th></tr></thead>',
    '<tbody>',
  ];
  const workflowOpen = data.workflow
    ? [
        `<h3>Workflow ${code(data.workflow.id)}</h3>`,
        '<table>',
        '<thead><tr><th>Item</th><th>Status</th><th>Result</th><th>Run</th></tr></thead>',
        '<tbody>',
      ]
    : [];
  const close = ['</tbody>', '</table>'];

  let budget =
    maxBytes -
    sum(top) -
    sum(bottom) -
    (steps.length > 0 ? sum(stepsOpen) + sum(close) : sum(['<p>No steps were reported.</p>'])) -
    (data.workflow ? sum(workflowOpen) + sum(close) : 0) -
    2 * OMISSION_NOTE_BYTES;
  // Rows are taken in order of preference while they fit, then shown in their own order.
  const take = (
    rows: readonly string[],
    preferred: readonly number[],
  ): { shown: string[]; omitted: number } => {
    const chosen = new Set<number>();
    for (const index of preferred) {
      const cost = bytes(rows[index] ?? '') + 1;
      if (cost > budget) break;
      budget -= cost;
      chosen.add(index);
    }
    return { shown: rows.filter((_, index) => chosen.has(index)), omitted: rows.length - chosen.size };
  };
  // When not every step fits, the ones that did not pass are the ones worth keeping.
  const stepOrder = steps.map((_, index) => index);
  const notPassed = (index: number) => steps[index]?.result !== 'passed';
  const shownSteps = take(stepRows, [
    ...stepOrder.filter(notPassed),
    ...stepOrder.filter((index) => !notPassed(index)),
  ]);
  const shownItems = take(
    itemRows,
    items.map((_, index) => index),
  );

  const lines = [...top];
  if (steps.length === 0) lines.push('<p>No steps were reported.</p>');
  else {
    lines.push(...stepsOpen, ...shownSteps.shown, ...close);
    if (shownSteps.omitted > 0) lines.push(`<p><em>${omittedNote(shownSteps.omitted, 'step')}</em></p>`);
  }
  if (data.workflow) {
    lines.push(...workflowOpen, ...shownItems.shown, ...close);
    if (shownItems.omitted > 0) {
      lines.push(`<p><em>${omittedNote(shownItems.omitted, 'workflow item')}</em></p>`);
    }
  }
  lines.push(...bottom);
  const html = `${lines.join('\n')}\n`;
  if (bytes(html) <= maxBytes) return html;

  // Only when maxBytes is tiny compared with the fixed parts: say so rather than exceed it.
  const minimal = `${heading}\n<p>The summary does not fit in ${maxBytes} bytes.</p>\n`;
  return bytes(minimal) <= maxBytes ? minimal : '';
}

function row(header: string, value: string | undefined): string[] {
  return value === undefined ? [] : [`<tr><th align="left">${header}</th><td>${value}</td></tr>`];
}

function targetTable(data: SummaryData): string[] {
  const { target } = data;
  const duration = runDuration(data);
  const id =
    data.id === undefined
      ? data.apiUrl === undefined
        ? undefined
        : link(data.apiUrl)
      : `${code(data.id)}${data.apiUrl === undefined ? '' : ` · ${link(data.apiUrl)}`}`;
  const rows = [
    ...row('Pipeline', target.pipeline === undefined ? undefined : text(target.pipeline)),
    ...row('Application', target.application === undefined ? undefined : text(target.application)),
    ...row(kindWord(data), id),
    ...row('Branch', target.branch === undefined ? undefined : code(target.branch)),
    ...row(
      'Commit',
      target.commit === undefined
        ? undefined
        : `<code title="${text(target.commit)}">${text(shortCommit(target.commit))}</code>`,
    ),
    ...row('Message', target.message === undefined ? undefined : text(target.message, MAX_MESSAGE)),
    ...row('Chained from run', target.sourceRunId === undefined ? undefined : code(target.sourceRunId)),
    ...row('State', stateWords(data) === undefined ? undefined : text(stateWords(data) ?? '')),
    ...row('Started', formatDate(data.startedAt)),
    ...row('Finished', formatDate(data.finishedAt)),
    ...row('Duration', duration === undefined ? undefined : formatDuration(duration)),
  ];
  return rows.length > 0 ? ['<table>', ...rows, '</table>'] : [];
}

function stepRow(step: SummaryStep): string {
  const cells = [
    String(step.order),
    text(step.name),
    `${stepResultIcon(step)} ${text(stepResultWord(step))}`,
    step.durationMs === undefined ? '—' : formatDuration(step.durationMs),
    step.logUrl ? link(step.logUrl, 'log') : '—',
    step.artifactsUrl ? link(step.artifactsUrl, 'artifacts') : '—',
  ];
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
}

function workflowRow(item: SummaryWorkflowItem): string {
  const cells = [
    text(item.name),
    text(item.status),
    `${resultIcon(item.result)} ${text(item.result)}`,
    item.runId === undefined ? '—' : code(item.runId),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
}

function envSection(keys: readonly string[], maxBytes: number): string[] {
  const heading = '<h3>Environment variables</h3>';
  if (keys.length === 0) return [heading, '<p>None were sent.</p>'];
  const shown: string[] = [];
  let size = 0;
  for (const key of keys) {
    const item = code(key, 200);
    if (size + bytes(item) + 2 > maxBytes) break;
    size += bytes(item) + 2;
    shown.push(item);
  }
  const more = keys.length - shown.length;
  const tail = more > 0 ? ` and ${more} more` : '';
  return [heading, `<p>Sent, keys only (values are never shown): ${shown.join(', ')}${tail}</p>`];
}

function notesSection(notes: readonly string[]): string[] {
  if (notes.length === 0) return [];
  return ['<h3>Notes</h3>', '<ul>', ...notes.map((note) => `<li>${text(note, MAX_NOTE)}</li>`), '</ul>'];
}

export interface TextSummaryOptions {
  /** ANSI colours for the outcome and the result icons. Default false. */
  color?: boolean;
}

const ANSI_COLOURS: Record<string, string> = { passed: '32', failed: '31', aborted: '33', 'timed-out': '33' };

/** The same content as renderSummary, as plain text lines for a terminal. */
export function renderSummaryText(data: SummaryData, options: TextSummaryOptions = {}): string {
  const paint = (value: string, result: string): string => {
    const colour = ANSI_COLOURS[result];
    return options.color && colour ? `\u001b[${colour}m${value}\u001b[0m` : value;
  };
  const one = (value: string, max = MAX_NAME) => sanitizeLine(value, { maxLength: max });
  const lines: string[] = [
    paint(`${outcomeIcon(data.outcome)} ${kindWord(data)} ${outcomeWord(data.outcome)}`, data.outcome),
    '',
  ];

  const { target } = data;
  const duration = runDuration(data);
  const fields: Array<[string, string | undefined]> = [
    ['Pipeline', target.pipeline === undefined ? undefined : one(target.pipeline)],
    ['Application', target.application === undefined ? undefined : one(target.application)],
    [
      kindWord(data),
      [data.id === undefined ? '' : one(data.id), data.apiUrl === undefined ? '' : one(data.apiUrl, MAX_URL)]
        .filter(Boolean)
        .join('  ') || undefined,
    ],
    ['Branch', target.branch === undefined ? undefined : one(target.branch)],
    ['Commit', target.commit === undefined ? undefined : one(target.commit)],
    ['Message', undefined],
    ['Chained from run', target.sourceRunId === undefined ? undefined : one(target.sourceRunId)],
    ['State', stateWords(data) === undefined ? undefined : one(stateWords(data) ?? '')],
    ['Started', formatDate(data.startedAt)],
    ['Finished', formatDate(data.finishedAt)],
    ['Duration', duration === undefined ? undefined : formatDuration(duration)],
  ];
  const width = 18;
  for (const [label, value] of fields) {
    if (label === 'Message' && target.message !== undefined) {
      // The one multi-line field: each of its lines is sanitised and indented under the first.
      clip(target.message, MAX_MESSAGE)
        .split(LINE_BREAKS)
        .forEach((line, index) => lines.push(`${(index === 0 ? 'Message:' : '').padEnd(width)}${one(line)}`));
    } else if (value !== undefined) {
      lines.push(`${`${label}:`.padEnd(width)}${value}`);
    }
  }

  lines.push('', 'Steps');
  const steps = [...data.steps].sort((a, b) => a.order - b.order);
  if (steps.length === 0) lines.push('  No steps were reported.');
  for (const step of steps) {
    const duration = step.durationMs === undefined ? '' : ` (${formatDuration(step.durationMs)})`;
    const result = step.status === 'finished' ? step.result : step.status;
    const links = [
      step.logUrl ? `log: ${one(step.logUrl, MAX_URL)}` : '',
      step.artifactsUrl ? `artifacts: ${one(step.artifactsUrl, MAX_URL)}` : '',
    ].filter(Boolean);
    lines.push(
      `  ${paint(stepResultIcon(step), result)} ${step.order} ${one(step.name)}${duration} ${one(stepResultWord(step))}` +
        (links.length > 0 ? `  ${links.join('  ')}` : ''),
    );
  }

  if (data.workflow) {
    lines.push('', `Workflow ${one(data.workflow.id)}`);
    for (const item of data.workflow.items) {
      const run = item.runId === undefined ? '' : `  run ${one(item.runId)}`;
      lines.push(
        `  ${paint(resultIcon(item.result), item.result)} ${one(item.name)}: ${one(item.status)}, ${one(item.result)}${run}`,
      );
    }
  }

  lines.push(
    '',
    data.envKeys.length === 0
      ? 'Environment variables: none were sent.'
      : `Environment variables (keys only): ${data.envKeys.map((key) => one(key, 200)).join(', ')}`,
  );
  if (data.notes && data.notes.length > 0) {
    lines.push('', 'Notes');
    for (const note of data.notes) lines.push(`  - ${one(note, MAX_NOTE)}`);
  }
  return `${lines.join('\n')}\n`;
}
