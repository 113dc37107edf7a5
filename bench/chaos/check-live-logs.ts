// The live step logs of a chaos run against the server's: the lines the runner shows for each step (those
// inside the action's stop-commands fences, under the step's heading, of the run the attempt names) must be
// the step's log on the server, line for line, each once. A step whose following was cut short (a cancel, a
// timeout, fail-fast, a process killed, a run aborted) must show a beginning of its log, its last line
// possibly cut; any other step that the log shows ended must show all of it.
import { fenceLogLines } from '../../src/text/safety.ts';
import { parseRunnerOutput } from '../../test/support/action-harness.ts';
import type { StdoutArrival } from '../support/action.ts';
import { printedWhileRunning, type StepTiming } from './check-live-timing.ts';

/** A step of a run as the server holds it once the run is over. */
interface ServerStep {
  order: number;
  /** The step's whole log. */
  log: string;
  /** When it started and ended, as the server recorded them (epoch ms). */
  startedAt?: number;
  finishedAt?: number;
}

/** Each run this chaos run created, by id, once it is over: its result and its steps. */
export type ServerLogs = Record<string, { result: string; steps: ServerStep[] }>;

export interface LiveLogInput {
  stdout: string;
  serverLogs: ServerLogs;
  /**
   * Following may have stopped before a step's end (a cancel, a timeout, fail-fast, a signal): a step shows
   * a beginning of its log, and a run's steps that were not reached are not shown.
   */
  cutShort: boolean;
  /** When the stdout's text arrived: with it, whether each long step's lines came while it ran. */
  arrivals?: readonly StdoutArrival[];
}

/** What the check found over the steps of one chaos run, or of all of them. */
export interface LiveLogTotals {
  steps: number;
  /** Lines of the server's logs of the steps checked, and lines shown for them. */
  lines: number;
  printed: number;
  lost: number;
  repeated: number;
  reordered: number;
  /** Steps cut short that showed a beginning of their log. */
  partial: number;
  /** Steps whose rest the action said it could not read, and their lines it did not show. */
  unreadable: number;
  unreadableLines: number;
  /** Steps long enough to judge when their lines were printed, and those whose lines all came at the end. */
  timed: number;
  atEnd: number;
}

export interface StepVerdict {
  runId: string;
  order: number;
  expected: number;
  printed: number;
  lost: number;
  repeated: number;
  /** The lines shown are a beginning of the log (the step was cut short). */
  partial: boolean;
  /** The action said the rest of the log could not be read. */
  saidUnreadable: boolean;
  /** Same lines, another order. */
  reordered: boolean;
  /** When its lines were printed, for a step long enough to judge it. */
  timing?: StepTiming;
}

interface Shown {
  lines: string[];
  /** Where in the output its first line is, and the heading that said it runs (its log is being read). */
  firstIndex?: number;
  runningIndex?: number;
  /** A heading of the step carried its result: the action heard of its end. */
  ended: boolean;
  saidUnreadable: boolean;
}

const ATTEMPT = /^(?:\[([^\]]+)\] )?(?:Triggered|Following) (?:run|build) ([0-9a-f]{24})\b/;
/** `✔ 2/4 step 2 (1s)`, `… 2/4 step 2`, `[label] ✖ 3 test`: a result icon, the step's order, its name. */
const HEADING = /^(?:\[([^\]]+)\] )?([^\s\d]) (\d+)(?:\/\d+)? /;
const UNREADABLE = /^(?:\[([^\]]+)\] )?The rest of the log of step (\d+) could not be read/;
const RUNNING = '…';

/** The lines shown for each step of each run, keyed `runId order`. */
function shownSteps(stdout: string): Map<string, Shown> {
  const out = parseRunnerOutput(stdout);
  const fenced = new Set<number>();
  for (const stop of out.stops) {
    for (let index = stop.index + 1; index < (stop.resumedAt ?? out.lines.length); index++) fenced.add(index);
  }
  const groupTitles = new Map(
    out.commands
      .filter((command) => command.outcome === 'done' && /^group$/i.test(command.name))
      .map((command) => [command.index, command.data]),
  );
  const commandLines = new Set(out.commands.map((command) => command.index));
  // Where each label (one target: '') is: its run, and the step its last heading named.
  const at = new Map<string, { runId?: string; order?: number }>();
  const shown = new Map<string, Shown>();
  const stepOf = (label: string, order: number) => {
    const place = at.get(label);
    if (place?.runId === undefined) return undefined;
    const key = `${place.runId} ${order}`;
    if (!shown.has(key)) shown.set(key, { lines: [], ended: false, saidUnreadable: false });
    return shown.get(key)!;
  };
  out.lines.forEach((line, index) => {
    if (fenced.has(index)) {
      const [, label = '', text = line] = /^\[([^\]]+)\] (.*)$/s.exec(line) ?? [];
      const order = at.get(label)?.order ?? at.get('')?.order;
      const place = at.has(label) ? label : '';
      const step = order === undefined ? undefined : stepOf(place, order);
      step?.lines.push(place === '' ? line : text);
      if (step && step.firstIndex === undefined) step.firstIndex = index;
      return;
    }
    const title = groupTitles.get(index);
    const text = title ?? (commandLines.has(index) ? undefined : line);
    if (text === undefined) return;
    const attempt = ATTEMPT.exec(text);
    if (attempt) {
      at.set(attempt[1] ?? '', { runId: attempt[2]! });
      return;
    }
    const unreadable = UNREADABLE.exec(text);
    if (unreadable) {
      const step = stepOf(unreadable[1] ?? '', Number(unreadable[2]));
      if (step) step.saidUnreadable = true;
      return;
    }
    const heading = HEADING.exec(text);
    // A step's group title (one target) or its heading line (several); and its result line after it.
    if (!heading) return;
    const label = heading[1] ?? '';
    const place = at.get(label);
    if (!place) return;
    place.order = Number(heading[3]);
    const step = stepOf(label, place.order);
    if (step && heading[2] !== RUNNING) step.ended = true;
    if (step && heading[2] === RUNNING) step.runningIndex ??= index;
  });
  return shown;
}

/** When each line of the output (as the runner splits it) had arrived whole. */
function lineArrivals(
  stdout: string,
  arrivals: readonly StdoutArrival[],
): (index: number) => number | undefined {
  const ends: number[] = [];
  for (const lineBreak of stdout.matchAll(/\r\n|\r|\n/g)) ends.push(lineBreak.index + lineBreak[0].length);
  return (index) => arrivals.find((arrival) => arrival.end >= (ends[index] ?? stdout.length))?.at;
}

/** The log's lines as the action prints them: split at every line break, `##[` defused. */
function expectedLines(log: string): string[] {
  const lines = log.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return fenceLogLines(lines).slice(1, -1);
}

export function checkLiveLogs(input: LiveLogInput): StepVerdict[] {
  const shown = shownSteps(input.stdout);
  const arrivalOf = input.arrivals ? lineArrivals(input.stdout, input.arrivals) : undefined;
  const verdicts: StepVerdict[] = [];
  for (const [runId, run] of Object.entries(input.serverLogs)) {
    // A run the action followed to its end, which ended by itself: every step with a log is shown.
    const followed = !input.cutShort && input.stdout.includes(runId) && run.result !== 'aborted';
    for (const step of run.steps) {
      const expected = expectedLines(step.log);
      const seen = shown.get(`${runId} ${step.order}`);
      if (!seen) {
        if (followed && expected.length > 0)
          verdicts.push(verdict(runId, step.order, expected, [], false, false));
        continue;
      }
      const whole = seen.ended && !input.cutShort;
      const judged = verdict(runId, step.order, expected, seen.lines, !whole, seen.saidUnreadable);
      // Only a step followed to its end by itself, with its lines all shown, is judged for when they came.
      const timing =
        arrivalOf && whole && !seen.saidUnreadable && judged.printed === judged.expected
          ? printedWhileRunning({
              ...(step.finishedAt !== undefined ? { endedAt: step.finishedAt } : {}),
              ...(seen.runningIndex !== undefined ? { runningAt: arrivalOf(seen.runningIndex) } : {}),
              ...(seen.firstIndex !== undefined ? { firstLineAt: arrivalOf(seen.firstIndex) } : {}),
              lines: expected.length,
            })
          : undefined;
      verdicts.push(timing ? { ...judged, timing } : judged);
    }
  }
  return verdicts;
}

function verdict(
  runId: string,
  order: number,
  expected: readonly string[],
  printed: readonly string[],
  mayBePartial: boolean,
  saidUnreadable: boolean,
): StepVerdict {
  const base = { runId, order, expected: expected.length, printed: printed.length, saidUnreadable };
  if (sameLines(printed, expected))
    return { ...base, lost: 0, repeated: 0, partial: false, reordered: false };
  if (mayBePartial && isBeginning(printed, expected)) {
    return { ...base, lost: 0, repeated: 0, partial: true, reordered: false };
  }
  const against = mayBePartial ? expected.slice(0, printed.length) : expected;
  const lost = surplus(against, printed);
  const repeated = surplus(printed, against);
  return { ...base, lost, repeated, partial: false, reordered: lost === 0 && repeated === 0 };
}

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, index) => line === b[index]);

/** `printed` is the first lines of `expected`, the last of them possibly cut short. */
function isBeginning(printed: readonly string[], expected: readonly string[]): boolean {
  if (printed.length > expected.length) return false;
  const last = printed.length - 1;
  return printed.every((line, index) =>
    index < last ? line === expected[index] : expected[index]!.startsWith(line),
  );
}

/** How many lines of `a` are not matched by one of `b` (as multisets). */
function surplus(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const line of b) counts.set(line, (counts.get(line) ?? 0) + 1);
  let extra = 0;
  for (const line of a) {
    const left = counts.get(line) ?? 0;
    if (left > 0) counts.set(line, left - 1);
    else extra += 1;
  }
  return extra;
}

export function liveLogTotals(verdicts: readonly StepVerdict[]): LiveLogTotals {
  const sum = (of: (v: StepVerdict) => number) => verdicts.reduce((total, v) => total + of(v), 0);
  const unreadable = verdicts.filter((v) => v.saidUnreadable);
  return {
    steps: verdicts.length,
    lines: sum((v) => v.expected),
    printed: sum((v) => v.printed),
    lost: sum((v) => (v.saidUnreadable ? 0 : v.lost)),
    repeated: sum((v) => v.repeated),
    reordered: verdicts.filter((v) => v.reordered).length,
    partial: verdicts.filter((v) => v.partial).length,
    unreadable: unreadable.length,
    unreadableLines: unreadable.reduce((total, v) => total + v.lost, 0),
    timed: verdicts.filter((v) => v.timing?.judged).length,
    atEnd: verdicts.filter((v) => v.timing?.atEnd).length,
  };
}

/** Totals over several chaos runs. */
export function addTotals(all: readonly LiveLogTotals[]): LiveLogTotals {
  const keys = [
    'steps',
    'lines',
    'printed',
    'lost',
    'repeated',
    'reordered',
    'partial',
    'unreadable',
    'unreadableLines',
    'timed',
    'atEnd',
  ] as const;
  return Object.fromEntries(
    keys.map((key) => [key, all.reduce((total, t) => total + t[key], 0)]),
  ) as unknown as LiveLogTotals;
}
