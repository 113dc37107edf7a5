// The step's live log as the job's page shows it: the action's stdout read the way the runner reads it
// (test/support/action-harness.ts), then drawn the way the log viewer draws the runner's log: numbered lines,
// `##[group]` … `##[endgroup]` as collapsible sections, `##[error]` and the like as coloured lines, the
// step's annotations under the log. Commands the runner consumes (masks, debug, outputs, the stop-commands
// fences) leave no line.
import { parseRunnerOutput, type RunnerOutput } from '../../test/support/action-harness.ts';
import { escapeHtml, stripControls } from '../../src/text/safety.ts';

const WIDTH = 1100;
const LEVELS = ['error', 'warning', 'notice'] as const;
type Level = (typeof LEVELS)[number];
const LABELS: Record<Level, string> = { error: 'Error', warning: 'Warning', notice: 'Notice' };
const ICONS: Record<Level, string> = { error: '✖', warning: '⚠', notice: 'ℹ' };

const CSS = `
body { margin: 0; background: #010409; }
#shot { width: ${WIDTH}px; padding: 16px; box-sizing: border-box; background: #010409; color: #e6edf3;
  font: 14px/1.5 "Liberation Sans", Arial, sans-serif; }
.job { border: 1px solid #30363d; border-radius: 6px; background: #0d1117; overflow: hidden; }
.job > header { padding: 12px 16px; border-bottom: 1px solid #30363d; }
.job > header b { font-size: 16px; }
.job > header .muted { color: #8d96a0; font-size: 12px; }
.step > summary { padding: 8px 16px; list-style: none; cursor: pointer; font-weight: 600; }
.step > summary::before { content: "▾"; display: inline-block; width: 16px; color: #8d96a0; }
.step .bad { color: #f85149; }
.step .running { color: #d29922; }
.log { padding: 0 0 12px; font: 12px/20px "Liberation Mono", "DejaVu Sans Mono", monospace; }
.line, .log summary { display: flex; padding-right: 16px; }
.log summary { list-style: none; cursor: pointer; }
.log summary::-webkit-details-marker, .step > summary::-webkit-details-marker { display: none; }
.n { flex: 0 0 56px; padding-right: 12px; text-align: right; color: #6e7681; user-select: none; }
.t { white-space: pre-wrap; overflow-wrap: anywhere; flex: 1; }
.log summary .t::before { content: "▸ "; color: #8d96a0; }
.log details[open] > summary .t::before { content: "▾ "; }
.log details > .line .t { padding-left: 16px; }
.line.error { background: rgba(248, 81, 73, 0.1); }
.line.error .t { color: #f85149; }
.line.warning .t { color: #d29922; }
.line.notice .t { color: #58a6ff; }
.label { font-weight: 700; }
a { color: #58a6ff; text-decoration: none; }
.annotations { margin-top: 16px; border: 1px solid #30363d; border-radius: 6px; background: #0d1117; }
.annotations > header { padding: 12px 16px; border-bottom: 1px solid #30363d; font-weight: 600; }
.annotation { display: flex; gap: 10px; padding: 10px 16px; border-top: 1px solid #21262d; }
.annotation:first-of-type { border-top: 0; }
.annotation .icon { width: 16px; }
.annotation.error .icon { color: #f85149; }
.annotation.warning .icon { color: #d29922; }
.annotation.notice .icon { color: #58a6ff; }
.annotation .where { color: #8d96a0; font-size: 12px; }
.annotation .message { font: 12px/20px "Liberation Mono", "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
`;

/** What the runner writes before the action's own output: the step's title and its inputs, as a group. */
interface StepHeading {
  /** "Run owner/repo@ref", as the runner titles a `uses:` step. */
  title: string;
  /** The `with:` values, secrets already shown as `***`. */
  inputs: Record<string, string>;
}

export interface LogPageOptions {
  job: string;
  step: StepHeading;
  /** The step ended failing (a red mark next to its title). */
  failed: boolean;
  /** The step still runs: the log so far, a yellow mark, no annotations yet. */
  running?: boolean;
  /** Which of the action's groups are drawn open (the viewer's reader opened them); default all. */
  open?: (title: string, last: boolean) => boolean;
}

type LineEntry = { kind: 'text'; text: string } | { kind: 'annotation'; level: Level; text: string };
type GroupEntry = { kind: 'group'; title: string; open: boolean; lines: LineEntry[] };
type LogEntry = LineEntry | GroupEntry;

/** A log line shown as text: the runner's masking has happened; control characters are not drawn. */
const shown = (text: string) => linkify(escapeHtml(stripControls(text)));

function linkify(escaped: string): string {
  return escaped.replace(/\bhttps?:\/\/[^\s<>"']+/g, (url) => `<a>${url}</a>`);
}

function maskerOf(out: RunnerOutput): (text: string) => string {
  const secrets = [...out.secrets].sort((a, b) => b.length - a.length);
  return (text) => secrets.reduce((masked, secret) => masked.replaceAll(secret, '***'), text);
}

/** The runner's log lines for this output, in order, without the lines of the stop-commands fences. */
function runnerLog(out: RunnerOutput): string[] {
  const mask = maskerOf(out);
  const commandAt = new Map(out.commands.map((command) => [command.index, command]));
  const log: string[] = [];
  const last = out.aborted?.index ?? out.lines.length - 1;
  for (let index = 0; index <= last; index++) {
    const command = commandAt.get(index);
    if (!command) log.push(mask(out.lines[index]!));
    else if (command.outcome === 'done' && /^group$/i.test(command.name)) {
      log.push(`##[group]${mask(command.data)}`);
    } else if (command.outcome === 'done' && /^endgroup$/i.test(command.name)) log.push('##[endgroup]');
    for (const annotation of out.annotations) {
      if (annotation.index === index && annotation.message !== '') {
        log.push(`##[${annotation.level}]${annotation.message}`);
      }
    }
  }
  return log;
}

/** The viewer's reading of the log: groups open at `##[group]` and close at `##[endgroup]` or the next group. */
function entriesOf(log: readonly string[]): LogEntry[] {
  const entries: LogEntry[] = [];
  let group: GroupEntry | undefined;
  for (const line of log) {
    if (line.startsWith('##[group]')) {
      group = { kind: 'group', title: line.slice('##[group]'.length), open: true, lines: [] };
      entries.push(group);
      continue;
    }
    if (line.startsWith('##[endgroup]')) {
      group = undefined;
      continue;
    }
    const level = LEVELS.find((name) => line.startsWith(`##[${name}]`));
    const entry: LineEntry = level
      ? { kind: 'annotation', level, text: line.slice(`##[${level}]`.length) }
      : { kind: 'text', text: line };
    (group?.lines ?? entries).push(entry);
  }
  return entries;
}

function renderEntries(entries: readonly LogEntry[]): string {
  let number = 0;
  const row = (body: string, className = 'line') =>
    `<div class="${className}"><span class="n">${++number}</span><span class="t">${body}</span></div>`;
  const lineOf = (entry: LineEntry) =>
    entry.kind === 'text'
      ? row(shown(entry.text))
      : row(`<span class="label">${LABELS[entry.level]}:</span> ${shown(entry.text)}`, `line ${entry.level}`);
  return entries
    .map((entry) => {
      if (entry.kind !== 'group') return lineOf(entry);
      const heading = `<summary><span class="n">${++number}</span><span class="t">${shown(entry.title)}</span></summary>`;
      return `<details${entry.open ? ' open' : ''}>${heading}${entry.lines.map(lineOf).join('')}</details>`;
    })
    .join('\n');
}

const title = (text: string | undefined) =>
  text === undefined ? '' : `<div><b>${escapeHtml(stripControls(text))}</b></div>`;

function renderAnnotations(out: RunnerOutput, job: string): string {
  const kept = out.annotations.filter((annotation) => annotation.kept);
  if (kept.length === 0) return '';
  const count = (level: Level) => kept.filter((annotation) => annotation.level === level).length;
  const counts = LEVELS.filter((level) => count(level) > 0)
    .map((level) => `${count(level)} ${level}${count(level) === 1 ? '' : 's'}`)
    .join(' and ');
  const items = kept.map(
    (annotation) => `<div class="annotation ${annotation.level}">
<span class="icon">${ICONS[annotation.level]}</span>
<div>${title(annotation.properties.title)}<div class="where">${escapeHtml(job)}</div>
<div class="message">${escapeHtml(stripControls(annotation.message))}</div></div>
</div>`,
  );
  return `<section class="annotations"><header>Annotations <span class="muted">· ${counts}</span></header>
${items.join('\n')}
</section>`;
}

function headingEntry(step: StepHeading): GroupEntry {
  const lines = ['with:', ...Object.entries(step.inputs).map(([name, value]) => `  ${name}: ${value}`)];
  return {
    kind: 'group',
    title: step.title,
    open: false,
    lines: lines.map((text) => ({ kind: 'text', text })),
  };
}

export function logPage(stdout: string, { job, step, failed, running, open }: LogPageOptions): string {
  const out = parseRunnerOutput(stdout);
  const groups = entriesOf(runnerLog(out));
  const last = groups.filter((entry) => entry.kind === 'group').at(-1);
  for (const entry of groups) {
    if (entry.kind === 'group' && open) entry.open = open(entry.title, entry === last);
  }
  const entries = [headingEntry(step), ...groups];
  const mark = running ? '<span class="running">●</span> ' : failed ? '<span class="bad">✖</span> ' : '';
  const state = running ? 'in progress' : failed ? 'failed' : 'succeeded';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(job)}</title>
<style>${CSS}</style>
</head>
<body>
<div id="shot">
<section class="job">
<header><b>${escapeHtml(job)}</b><br><span class="muted">${state}</span></header>
<details class="step" open>
<summary>${mark}${escapeHtml(step.title)}</summary>
<div class="log">
${renderEntries(entries)}
</div>
</details>
</section>
${running ? '' : renderAnnotations(out, job)}
</div>
</body>
</html>
`;
}
