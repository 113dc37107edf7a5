// The summary document as plain text for a terminal. Every remote or user string goes through sanitizeLine,
// so none can carry an escape sequence or start a workflow command.
import { clip, LINE_BREAKS, sanitizeLine } from '../../text/safety.ts';
import type { OutcomeKind } from '../outcome-kind.ts';
import { countsLine } from './summary-tests.ts';
import {
  FAILURE_LIMITS,
  linesNote,
  missingErrorLine,
  moreFailedLine,
  type FailuresSection,
} from './failures.ts';
import {
  SUMMARY_LIMITS,
  type Inline,
  type StateMark,
  type SummaryDoc,
  type SummaryField,
  type SummarySection,
} from './summary-model.ts';

export interface TextSummaryOptions {
  /** ANSI colours for the outcome and the result icons. Default false. */
  color?: boolean;
}

// The title is coloured by our outcome kind; a step by its result, which is remote text (hence a Map).
const OUTCOME_COLOURS: Record<OutcomeKind, string | undefined> = {
  passed: '32',
  failed: '31',
  aborted: '33',
  'timed-out': '33',
  cancelled: undefined,
  unknown: undefined,
  triggered: undefined,
};
const RESULT_COLOURS = new Map<string, string>([
  ['passed', '32'],
  ['failed', '31'],
  ['aborted', '33'],
]);
const LABEL_WIDTH = 18;

type Paint = (value: string, colour: string | undefined) => string;

function one(value: string, max: number = SUMMARY_LIMITS.name): string {
  return sanitizeLine(value, { maxLength: max });
}

function inline(part: Inline): string {
  switch (part.kind) {
    case 'words':
      return part.text;
    case 'text':
    case 'code':
      return one(part.text, part.max);
    case 'commit':
      return one(part.hash);
    case 'link':
      return `${part.label === undefined ? '' : `${part.label}: `}${one(part.url, SUMMARY_LIMITS.url)}`;
  }
}

export function renderSummaryText(doc: SummaryDoc, options: TextSummaryOptions = {}): string {
  const paint: Paint = (value, colour) =>
    options.color && colour ? `\u001b[${colour}m${value}\u001b[0m` : value;
  const lines = [paint(`${doc.title.icon} ${doc.title.word}`, OUTCOME_COLOURS[doc.title.tone]), ''];
  for (const field of doc.fields) lines.push(...fieldLines(field));
  for (const section of doc.sections) lines.push('', ...sectionLines(section, paint));
  return `${lines.join('\n')}\n`;
}

function fieldLines({ label, value }: SummaryField): string[] {
  const [first] = value;
  if (value.length === 1 && first?.kind === 'text' && first.multiline) {
    // Each line of a multi-line value is sanitised on its own and indented under the first.
    return clip(first.text, first.max)
      .split(LINE_BREAKS)
      .map((line, index) => `${(index === 0 ? `${label}:` : '').padEnd(LABEL_WIDTH)}${one(line)}`);
  }
  return [`${`${label}:`.padEnd(LABEL_WIDTH)}${value.map(inline).join('  ')}`];
}

function mark(state: StateMark, paint: Paint): string {
  return paint(state.icon, RESULT_COLOURS.get(state.tone));
}

function sectionLines(section: SummarySection, paint: Paint): string[] {
  switch (section.kind) {
    case 'steps': {
      if (section.rows.length === 0) return [section.title, '  No steps were reported.'];
      return [
        section.title,
        ...section.rows.map((row) => {
          const duration = row.duration === undefined ? '' : ` (${row.duration})`;
          // A step's page is for people; its log URL, an API address, only when there is no page.
          const links = [row.page ?? row.log, row.artifacts].filter((link) => link !== undefined).map(inline);
          return (
            `  ${mark(row.state, paint)} ${row.order} ${one(row.name)}${duration} ${one(row.state.word)}` +
            (links.length > 0 ? `  ${links.join('  ')}` : '')
          );
        }),
      ];
    }
    case 'failures':
      return failureLines(section);
    case 'attempts':
      return [
        section.title,
        ...section.rows.map((row) => {
          const duration = row.duration === undefined ? '' : ` (${row.duration})`;
          const at = row.failedAt === undefined ? '' : ` at step ${one(row.failedAt)}`;
          return `  ${mark(row.state, paint)} ${row.attempt} ${one(row.id)} ${one(row.state.word)}${at}${duration}  ${inline(row.page)}`;
        }),
      ];
    case 'tests':
      return [
        section.title,
        ...section.steps.flatMap((step) => [
          `  ${one(step.step)}: ${countsLine(step.counts)}`,
          ...step.failed.map(
            (test) =>
              `    ✖ ${one(test.suite)} › ${one(test.name)}${test.message === undefined ? '' : `: ${one(test.message, SUMMARY_LIMITS.message)}`}`,
          ),
          ...(step.more > 0 ? [`    …and ${step.more} more`] : []),
        ]),
      ];
    case 'artifacts':
      return [
        section.title,
        ...section.rows.map((row) => {
          const where = row.folder === undefined ? '' : `  ${one(row.folder)}`;
          const why = row.reason === undefined ? '' : `: ${one(row.reason, SUMMARY_LIMITS.message)}`;
          return `  ${mark(row.state, paint)} ${row.order} ${one(row.step)} ${one(row.state.word)}${why}, ${row.files} files, ${row.size}${where}`;
        }),
      ];
    case 'workflow':
      return [
        `${section.title} ${one(section.id)}`,
        ...section.rows.map((row) => {
          const run = row.runId === undefined ? '' : `  run ${one(row.runId)}`;
          return `  ${mark(row.state, paint)} ${one(row.name)}: ${one(row.status)}, ${one(row.state.word)}${run}`;
        }),
      ];
    case 'env':
      return [
        section.keys.length === 0
          ? `${section.title}: none were sent.`
          : `${section.title} (keys only): ${section.keys.map((key) => one(key, SUMMARY_LIMITS.envKey)).join(', ')}`,
      ];
    case 'notes':
      return [section.title, ...section.items.map((note) => `  - ${one(note, SUMMARY_LIMITS.note)}`)];
  }
}

/** Each failed step: its name and error line, its link, and how its log ends, indented under it. */
function failureLines(section: FailuresSection): string[] {
  const lines = [section.title];
  for (const item of section.items) {
    const why =
      item.firstError === undefined ? missingErrorLine(item) : one(item.firstError, SUMMARY_LIMITS.message);
    lines.push(`  ${item.icon} Step ${item.order} ${one(item.name)} ${item.verb}: ${why}`);
    if (item.link) lines.push(`    ${inline(item.link)}`);
    if (item.lastLines.length > 0) {
      lines.push(`    ${linesNote(item, item.lastLines.length)}`);
      lines.push(...item.lastLines.map((line) => `    │ ${one(line, FAILURE_LIMITS.lineLength)}`));
    }
  }
  if (section.more > 0) lines.push(`  ${moreFailedLine(section.more)}`);
  return lines;
}
