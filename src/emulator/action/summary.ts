// The job summary of the emulator's post step: what it served, as HTML. Every value is escaped: run
// ids, pipeline names and branches come from whoever wrote the world file or triggered the runs.
import { clip, escapeHtml, htmlText } from '../../text/safety.ts';
import type { ReadStats, ServedRun } from './stats-client.ts';

/** Rows per table; the rest is counted in a last line. */
const MAX_ROWS = 50;
const CELL = 120;

export interface SummaryFacts {
  url: string;
  /** What became of the process, as a sentence: 'Stopped.' */
  stopped: string;
}

export function emulatorSummary(stats: ReadStats, facts: SummaryFacts): string {
  const { requests, faults, runs } = stats;
  const figures = [
    plural(requests.total, 'API request'),
    `${plural(runs.length, 'run')} created`,
    `${plural(faults.injected, 'fault')} injected`,
  ];
  return [
    '<h2>CI Service API v3 emulator</h2>',
    `<p>Served at ${code(facts.url)} since ${cell(stats.since)}: ${figures.join(', ')}. ${cell(facts.stopped)}</p>`,
    '<h3>Runs created</h3>',
    ...table(['Run', 'Pipeline', 'Branch', 'Status', 'Result'], runs.map(runRow), 'No run was created.'),
    '<h3>Requests by endpoint</h3>',
    ...table(
      ['Endpoint', 'Requests'],
      requests.byEndpoint.map((entry) => [code(`${entry.method} ${entry.route}`), String(entry.count)]),
      'No API request was made.',
    ),
    '<h3>Faults injected</h3>',
    ...table(
      ['Fault', 'Requests answered'],
      faults.byRoute.map((entry) => [code(`${entry.method ?? '*'} ${entry.route}`), String(entry.count)]),
      'No fault was injected.',
    ),
    '',
  ].join('\n');
}

/** A note for when the emulator could not be asked. */
export function unreachableSummary(facts: SummaryFacts, reason: string): string {
  return [
    '<h2>CI Service API v3 emulator</h2>',
    `<p>${code(facts.url)} did not answer at the end of the job (${cell(reason)}), so what it served is unknown. ${cell(facts.stopped)}</p>`,
    '',
  ].join('\n');
}

function runRow(run: ServedRun): string[] {
  return [code(run.id), cell(run.pipelineName), cell(run.branch), cell(run.status), cell(run.result)];
}

function table(headings: string[], rows: string[][], empty: string): string[] {
  if (rows.length === 0) return [`<p>${escapeHtml(empty)}</p>`];
  const shown = rows.slice(0, MAX_ROWS);
  const head = `<tr>${headings.map((heading) => `<th align="left">${escapeHtml(heading)}</th>`).join('')}</tr>`;
  const body = shown.map((row) => `<tr>${row.map((value) => `<td>${value}</td>`).join('')}</tr>`);
  const more = rows.length > shown.length ? [`<p>… and ${rows.length - shown.length} more.</p>`] : [];
  return ['<table>', head, ...body, '</table>', ...more];
}

function cell(text: string): string {
  return htmlText(clip(text, CELL));
}

function code(text: string): string {
  return `<code>${cell(text)}</code>`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
