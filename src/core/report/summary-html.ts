// The summary document as HTML for GITHUB_STEP_SUMMARY. core.summary escapes nothing, so every remote or
// user string is escaped here, and the whole stays under the runner's 1 MiB limit.
//
// The HTML is a single HTML block: it starts with a block-level tag and contains no blank line, so the
// Markdown renderer takes it as it is and nothing in the escaped text can turn into Markdown (links,
// images, emphasis). Line breaks in remote text become <br>.
import { clip, escapeHtml, htmlText, stripControls } from '../../text/safety.ts';
import type { ArtifactRow } from './summary-artifacts.ts';
import { testsHtml } from './tests-html.ts';
import {
  FAILURE_LIMITS,
  linesNote,
  missingErrorLine,
  moreFailedLine,
  type FailureItem,
  type FailuresSection,
} from './failures.ts';
import {
  SUMMARY_LIMITS,
  type AttemptRow,
  type Inline,
  type StateMark,
  type StepRow,
  type SummaryDoc,
  type SummaryField,
  type SummarySection,
  type WorkflowRow,
} from './summary-model.ts';

export interface SummaryOptions {
  /** Upper bound of the UTF-8 size; the runner drops summaries over 1 MiB. Default 1,000,000. */
  maxBytes?: number;
}

const SUMMARY_MAX_BYTES = 1_000_000;

// The environment keys are user input of any count: their section gets its own share of the budget.
const ENV_SECTION_BYTES = 64 * 1024;
const ENV_SECTION_SHARE = 1 / 8;
// The failed steps' logs get theirs too: each is bounded, and they are shortened to fit it.
const FAILURES_SECTION_BYTES = 256 * 1024;
const FAILURES_SECTION_SHARE = 1 / 4;
// Lines of a log shown when the section does not fit with all of them.
const SHORT_TAIL = 10;
// Room kept for the notes about rows left out.
const OMISSION_NOTE_BYTES = 256;

/** Remote text as HTML: cut, neutralised, escaped, line breaks as <br>. */
function text(value: string, max: number = SUMMARY_LIMITS.name): string {
  return htmlText(clip(value, max));
}

function code(value: string, max: number = SUMMARY_LIMITS.name): string {
  return `<code>${text(value, max)}</code>`;
}

/** A link when `url` is an absolute http(s) URL, else the value shown as text (never as an href). */
function link(url: string, label?: string): string {
  return linkAround(url, label === undefined ? text(url, SUMMARY_LIMITS.url) : escapeHtml(label));
}

/** `html` as the text of a link to `url`; a URL that cannot be linked is shown as text after it. */
function linkAround(url: string, html: string): string {
  const href = httpUrl(url);
  if (href === undefined) return `${html} ${code(url, SUMMARY_LIMITS.url)}`;
  return `<a href="${escapeHtml(href)}">${html}</a>`;
}

function httpUrl(value: string): string | undefined {
  if (value.length > SUMMARY_LIMITS.url) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function shortCommit(commit: string): string {
  return commit.length > 12 ? commit.slice(0, 7) : commit;
}

function inline(part: Inline): string {
  switch (part.kind) {
    case 'words':
      return escapeHtml(part.text);
    case 'text':
      return text(part.text, part.max);
    case 'code':
      return code(part.text, part.max);
    case 'commit':
      return `<code title="${text(part.hash)}">${text(shortCommit(part.hash))}</code>`;
    case 'link':
      return link(part.url, part.label);
  }
}

const bytes = (value: string): number => Buffer.byteLength(value, 'utf8');
const sum = (lines: readonly string[]): number => lines.reduce((total, line) => total + bytes(line) + 1, 0);

/** A section as lines: `head`, then as many `rows` as fit (in `preferred` order), then `tail`. */
interface Block {
  head: string[];
  rows: string[];
  preferred: number[];
  tail: string[];
  /** What a row is, for the note about rows left out. */
  noun?: string;
  /** How many of the preferred rows come before the failed steps' logs. */
  first?: number;
}

export function renderSummary(doc: SummaryDoc, options: SummaryOptions = {}): string {
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
  const heading = `<h2>${doc.title.icon} ${escapeHtml(doc.title.word)}</h2>`;
  const top = [heading, ...fieldTable(doc.fields)];
  const envBytes = Math.min(ENV_SECTION_BYTES, Math.floor(maxBytes * ENV_SECTION_SHARE));
  const fixedBytes = (list: readonly Block[]) =>
    sum(top) +
    list.reduce((total, block) => total + sum(block.head) + sum(block.tail), 0) +
    2 * OMISSION_NOTE_BYTES;
  const drafts = doc.sections.map((section) => sectionBlock(section, envBytes));
  // The failed steps' logs get what the fixed parts and the rows of steps that did not pass leave, within
  // bounds; the other rows get the rest.
  const failuresBytes = Math.min(
    FAILURES_SECTION_BYTES,
    Math.max(
      Math.floor(maxBytes * FAILURES_SECTION_SHARE),
      maxBytes - fixedBytes(drafts) - drafts.reduce((total, block) => total + firstRowsBytes(block), 0),
    ),
  );
  const blocks = doc.sections.map((section, index) =>
    section.kind === 'failures' ? fixedBlock(failuresSection(section, failuresBytes)) : drafts[index]!,
  );

  let budget = maxBytes - fixedBytes(blocks);
  const lines = [...top];
  for (const block of blocks) {
    // Rows are taken in order of preference while they fit, then shown in their own order.
    const chosen = new Set<number>();
    for (const index of block.preferred) {
      const cost = bytes(block.rows[index] ?? '') + 1;
      if (cost > budget) break;
      budget -= cost;
      chosen.add(index);
    }
    const omitted = block.rows.length - chosen.size;
    lines.push(...block.head, ...block.rows.filter((_, index) => chosen.has(index)), ...block.tail);
    if (omitted > 0 && block.noun !== undefined) {
      lines.push(
        `<p><em>${omitted} more ${block.noun}${omitted === 1 ? '' : 's'} not shown (the summary is limited to 1 MiB).</em></p>`,
      );
    }
  }
  const html = `${lines.join('\n')}\n`;
  if (bytes(html) <= maxBytes) return html;

  // Only when maxBytes is tiny compared with the fixed parts: say so rather than exceed it.
  const minimal = `${heading}\n<p>The summary does not fit in ${maxBytes} bytes.</p>\n`;
  return bytes(minimal) <= maxBytes ? minimal : '';
}

function fieldTable(fields: readonly SummaryField[]): string[] {
  if (fields.length === 0) return [];
  const rows = fields.map(
    (field) =>
      `<tr><th align="left">${escapeHtml(field.label)}</th><td>${field.value.map(inline).join(' · ')}</td></tr>`,
  );
  return ['<table>', ...rows, '</table>'];
}

const fixedBlock = (head: string[]): Block => ({ head, rows: [], preferred: [], tail: [] });

/** The bytes of the rows that outrank the failed steps' logs. */
function firstRowsBytes(block: Block): number {
  return sum(block.preferred.slice(0, block.first ?? 0).map((index) => block.rows[index] ?? ''));
}

/** A section as a block; the failed steps' is drawn once its size is known (see renderSummary). */
function sectionBlock(section: SummarySection, envBytes: number): Block {
  switch (section.kind) {
    case 'steps': {
      if (section.rows.length === 0) return fixedBlock(['<p>No steps were reported.</p>']);
      const order = section.rows.map((_, index) => index);
      const kept = (index: number) => section.rows[index]?.keep === true;
      const preferred = [...order.filter(kept), ...order.filter((index) => !kept(index))];
      return {
        ...tableBlock(`<h3>${escapeHtml(section.title)}</h3>`, STEP_TABLE, section.rows, 'step', preferred),
        first: order.filter(kept).length,
      };
    }
    case 'attempts':
      return tableBlock(
        `<h3>${escapeHtml(section.title)}</h3>`,
        ATTEMPT_TABLE,
        section.rows,
        'attempt',
        section.rows.map((_, index) => index),
      );
    case 'tests':
      return fixedBlock(testsHtml(section));
    case 'artifacts':
      return tableBlock(
        `<h3>${escapeHtml(section.title)}</h3>`,
        ARTIFACT_TABLE,
        section.rows,
        'step',
        section.rows.map((_, index) => index),
      );
    case 'workflow':
      return tableBlock(
        `<h3>${escapeHtml(section.title)} ${code(section.id)}</h3>`,
        WORKFLOW_TABLE,
        section.rows,
        'workflow item',
        section.rows.map((_, index) => index),
      );
    case 'env':
      return fixedBlock(envSection(section.title, section.keys, envBytes));
    case 'failures':
      return fixedBlock([]);
    case 'notes':
      return fixedBlock([
        `<h3>${escapeHtml(section.title)}</h3>`,
        '<ul>',
        ...section.items.map((note) => `<li>${text(note, SUMMARY_LIMITS.note)}</li>`),
        '</ul>',
      ]);
  }
}

/** A section's table: its header row, and how a row fills each cell, in the header's order. */
interface Table<Row> {
  head: string;
  cells: readonly ((row: Row) => string)[];
}

const stateCell = (row: { state: StateMark }): string => `${row.state.icon} ${text(row.state.word)}`;

/** A dash for a cell with nothing to show. */
function orDash<T>(value: T | undefined, show: (value: T) => string): string {
  return value === undefined ? '—' : show(value);
}

const STEP_TABLE: Table<StepRow> = {
  head: '<thead><tr><th>#</th><th>Step</th><th>Result</th><th>Duration</th><th>Log</th><th>Artifacts</th></tr></thead>',
  cells: [
    (row) => String(row.order),
    (row) => (row.page ? linkAround(row.page.url, text(row.name)) : text(row.name)),
    stateCell,
    (row) => orDash(row.duration, escapeHtml),
    (row) => orDash(row.log, inline),
    (row) => orDash(row.artifacts, inline),
  ],
};

const ARTIFACT_TABLE: Table<ArtifactRow> = {
  head: '<thead><tr><th>#</th><th>Step</th><th>Status</th><th>Files</th><th>Size</th><th>Folder</th></tr></thead>',
  cells: [
    (row) => (row.order > 0 ? String(row.order) : '—'),
    (row) => text(row.step),
    (row) =>
      `${stateCell(row)}${row.reason !== undefined ? `: ${text(row.reason, SUMMARY_LIMITS.message)}` : ''}`,
    (row) => String(row.files),
    (row) => escapeHtml(row.size),
    (row) => orDash(row.folder, (folder) => `<code>${text(folder)}</code>`),
  ],
};

const ATTEMPT_TABLE: Table<AttemptRow> = {
  head: '<thead><tr><th>Attempt</th><th>Id</th><th>Result</th><th>Duration</th><th>Failed at</th><th>Link</th></tr></thead>',
  cells: [
    (row) => String(row.attempt),
    (row) => code(row.id),
    stateCell,
    (row) => orDash(row.duration, escapeHtml),
    (row) => orDash(row.failedAt, (step) => text(step)),
    (row) => inline(row.page),
  ],
};

const WORKFLOW_TABLE: Table<WorkflowRow> = {
  head: '<thead><tr><th>Item</th><th>Status</th><th>Result</th><th>Run</th></tr></thead>',
  cells: [(row) => text(row.name), (row) => text(row.status), stateCell, (row) => orDash(row.runId, code)],
};

function tableBlock<Row>(
  heading: string,
  table: Table<Row>,
  rows: readonly Row[],
  noun: string,
  preferred: number[],
): Block {
  return {
    head: [heading, '<table>', table.head, '<tbody>'],
    rows: rows.map((row) => `<tr>${table.cells.map((cell) => `<td>${cell(row)}</td>`).join('')}</tr>`),
    preferred,
    tail: ['</tbody>', '</table>'],
    noun,
  };
}

function envSection(title: string, keys: readonly string[], maxBytes: number): string[] {
  const heading = `<h3>${escapeHtml(title)}</h3>`;
  if (keys.length === 0) return [heading, '<p>None were sent.</p>'];
  const shown: string[] = [];
  let size = 0;
  for (const key of keys) {
    const item = code(key, SUMMARY_LIMITS.envKey);
    if (size + bytes(item) + 2 > maxBytes) break;
    size += bytes(item) + 2;
    shown.push(item);
  }
  const more = keys.length - shown.length;
  const tail = more > 0 ? ` and ${more} more` : '';
  return [heading, `<p>Sent, keys only (values are never shown): ${shown.join(', ')}${tail}</p>`];
}

/**
 * Each failed step as a collapsed <details>: its name and error line, then how its log ends, in a <pre>
 * whose lines are joined by <br> so that no line of the summary is blank. When the section does not fit
 * in `maxBytes`, what is given up first is what matters least: the later steps' logs (shortened, then
 * left out, the last step first), then the first step's log, then whole steps, the last first.
 */
function failuresSection(section: FailuresSection, maxBytes: number): string[] {
  const shown = section.items.map((item) => item.lastLines.length);
  const later = shown
    .map((_, index) => index)
    .reverse()
    .slice(0, -1);
  const cuts: Array<[index: number, lines: number]> = [
    ...later.map((index): [number, number] => [index, SHORT_TAIL]),
    ...later.map((index): [number, number] => [index, 0]),
    [0, SHORT_TAIL],
    [0, 0],
    ...[...later, 0].map((index): [number, number] => [index, -1]),
  ];
  const draw = () => failureLines(section, shown);
  for (const [index, lines] of cuts) {
    if (sum(draw()) <= maxBytes) break;
    shown[index] = Math.min(shown[index] ?? 0, lines);
  }
  return sum(draw()) <= maxBytes ? draw() : [];
}

function failureLines(section: FailuresSection, shown: readonly number[]): string[] {
  const lines = [`<h3>${escapeHtml(section.title)}</h3>`];
  section.items.forEach((item, index) => {
    const count = shown[index] ?? -1;
    if (count >= 0) lines.push(...failureItem(item, count));
  });
  const hidden = section.more + shown.filter((count) => count < 0).length;
  if (hidden > 0) {
    lines.push(`<p><em>${escapeHtml(moreFailedLine(hidden))}</em></p>`);
  }
  return lines;
}

function failureItem(item: FailureItem, count: number): string[] {
  const why =
    item.firstError === undefined
      ? `<em>${escapeHtml(missingErrorLine(item))}</em>`
      : `<code>${text(item.firstError, SUMMARY_LIMITS.message)}</code>`;
  const summary = `${item.icon} Step ${item.order} <strong>${text(item.name)}</strong> ${escapeHtml(item.verb)}: ${why}`;
  const logLines = count > 0 ? item.lastLines.slice(-count) : [];
  const total = item.lastLines.length + item.earlierLines;
  const about = [
    ...(item.link ? [inline(item.link)] : []),
    ...(total > 0 ? [escapeHtml(linesNote(item, logLines.length))] : []),
  ];
  return [
    `<details><summary>${summary}</summary>`,
    ...(about.length > 0 ? [`<p>${about.join(' · ')}</p>`] : []),
    ...(logLines.length > 0 ? [`<pre>${logLines.map(logLine).join('<br>')}</pre>`] : []),
    '</details>',
  ];
}

/** One line of a log: on one line, cut, escaped. */
function logLine(line: string): string {
  return escapeHtml(clip(stripControls(line), FAILURE_LIMITS.lineLength));
}
