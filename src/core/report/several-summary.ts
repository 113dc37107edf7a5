// The job summary with several targets: an overview first, one row per target (its result, duration and
// page), then each target's own summary, the failed ones first and open, a passed one collapsed in
// <details>. The runner's 1 MiB holds for all of them together: each target's part is drawn within what
// the parts before it left, keeping a little room for each one still to come.
import { escapeHtml, htmlText } from '../../text/safety.ts';
import type { StepEnd, TargetEnd } from '../flow/events.ts';
import { targetSummaryDoc } from './target-summary.ts';
import { elapsedMs, formatDuration, outcomeIcon, outcomeWord } from './format.ts';
import { renderSummary } from './summary-html.ts';
import type { SummaryDoc } from './summary-model.ts';
import { renderSummaryText } from './summary-text.ts';

const SUMMARY_MAX_BYTES = 1_000_000;
/** Room kept for each target whose part is still to be drawn. */
const ROOM_PER_TARGET = 2048;

const bytes = (value: string): number => Buffer.byteLength(value, 'utf8');

/** Each target's summary document, labelled with the target. */
function targetDocs(end: StepEnd): Array<{ target: TargetEnd; doc: SummaryDoc }> {
  return end.targets.map((target) => {
    const doc = targetSummaryDoc(target.settings, target.info, target.conclusion, {
      tails: target.facts.tails,
      artifacts: target.facts.artifacts,
      tests: target.facts.tests,
    });
    return { target, doc: { ...doc, title: { ...doc.title, word: `${target.label}: ${doc.title.word}` } } };
  });
}

/** Failed targets first (the worst first), then the others, each group in input order. */
function displayOrder(end: StepEnd): TargetEnd[] {
  const passed = (target: TargetEnd) => ['passed', 'triggered'].includes(target.conclusion.outcome.kind);
  return [...end.targets.filter((target) => !passed(target)), ...end.targets.filter(passed)];
}

/** `3 targets passed`, or `1 of 3 targets failed`: how many ended the way the step did. */
function headline(end: StepEnd): string {
  const { kind } = end.outcome;
  const total = end.targets.length;
  const alike = end.targets.filter((target) => target.conclusion.outcome.kind === kind).length;
  const count = alike === 0 || alike === total ? `${total}` : `${alike} of ${total}`;
  return `${count} targets ${outcomeWord(kind)}`;
}

export function renderSeveralSummary(end: StepEnd, options: { maxBytes?: number } = {}): string {
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
  const docs = new Map(targetDocs(end).map(({ target, doc }) => [target.index, doc]));
  const top = [
    `<h2>${outcomeIcon(end.outcome.kind)} ${escapeHtml(headline(end))}</h2>`,
    `<p>${htmlText(end.outcome.message)}</p>`,
    ...overview(end),
  ].join('\n');
  let left = maxBytes - bytes(top) - 1;
  const parts: string[] = [];
  const order = displayOrder(end);
  order.forEach((target, position) => {
    const room = left - ROOM_PER_TARGET * (order.length - position - 1);
    const part = targetPart(target, docs.get(target.index)!, room);
    if (part === '' || bytes(part) + 1 > left) return;
    parts.push(part);
    left -= bytes(part) + 1;
  });
  return `${[top, ...parts].join('\n')}\n`;
}

function overview(end: StepEnd): string[] {
  const rows = end.targets.map((target) => {
    const { outcome, final } = target.conclusion;
    const resource = final.resource ?? target.info?.resource;
    const duration = elapsedMs(resource?.startedAt, resource?.finishedAt);
    const web = final.web ?? target.info?.web;
    const href = web ? safeHref(web.url) : undefined;
    const id = final.ref?.id;
    const link =
      id === undefined ? '—' : href ? `<a href="${escapeHtml(href)}">${htmlText(id)}</a>` : htmlText(id);
    return (
      `<tr><td>${htmlText(target.label)}</td><td>${outcomeIcon(outcome.kind)} ${escapeHtml(outcomeWord(outcome.kind))}</td>` +
      `<td>${duration === undefined ? '—' : escapeHtml(formatDuration(duration))}</td><td>${link}</td></tr>`
    );
  });
  return [
    '<table>',
    '<thead><tr><th>Target</th><th>Result</th><th>Duration</th><th>Run</th></tr></thead>',
    '<tbody>',
    ...rows,
    '</tbody>',
    '</table>',
  ];
}

/** One target's summary, its headings one level down; a passed one collapsed. */
function targetPart(target: TargetEnd, doc: SummaryDoc, maxBytes: number): string {
  const passed = ['passed', 'triggered'].includes(target.conclusion.outcome.kind);
  const open = passed ? '<details><summary>' : '';
  const title = `${doc.title.icon} ${htmlText(doc.title.word)}`;
  const wrapper = passed ? bytes(`${open}${title}</summary>\n</details>`) + 2 : 0;
  const html = renderSummary(doc, { maxBytes: Math.max(0, maxBytes - wrapper) })
    .trimEnd()
    .replaceAll('<h3>', '<h4>')
    .replaceAll('</h3>', '</h4>')
    .replaceAll('<h2>', '<h3>')
    .replaceAll('</h2>', '</h3>');
  if (html === '') return '';
  return passed ? `${open}${title}</summary>\n${html}\n</details>` : html;
}

function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** For a terminal: the outcome line, then each target's own text summary in the same order. */
export function renderSeveralSummaryText(end: StepEnd, options: { color?: boolean } = {}): string {
  const docs = new Map(targetDocs(end).map(({ target, doc }) => [target.index, doc]));
  const parts = displayOrder(end).map((target) => renderSummaryText(docs.get(target.index)!, options));
  return [...parts, `${outcomeIcon(end.outcome.kind)} ${end.outcome.message}\n`].join('\n');
}
