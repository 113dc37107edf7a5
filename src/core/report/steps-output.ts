// The action's `steps` output: a JSON array for `fromJSON(steps.outputs.steps)` in later workflow steps.
//
// The runner limits a job's outputs to 1 MB in all, so this one is kept under ~900 KB. A run needs
// thousands of steps to get there; if it does, in this order:
//   1. step names (and status/result strings) longer than 200 characters are cut, ending with `…`;
//   2. if that is not enough, whole entries are left out: passed steps first, the latest of them first,
//      because the steps that did not pass are the ones a later workflow step looks for.
// The entries kept stay in step order and keep their `order`, so a gap shows where steps were left out;
// buildStepsOutput() also tells the caller how many were, for a warning in the log.
import type { Step } from '../../api/types.ts';
import { elapsedMs } from './format.ts';

interface StepsOutputEntry {
  order: number;
  name: string;
  status: string;
  result: string;
  /** ISO 8601, or null when the server did not say. */
  startedAt: string | null;
  finishedAt: string | null;
  /** finishedAt − startedAt in seconds (millisecond precision), or null when either is missing. */
  seconds: number | null;
}

export interface StepsOutputOptions {
  /** Default 900,000 bytes of UTF-8. */
  maxBytes?: number;
}

export interface StepsOutput {
  json: string;
  /** Steps left out to stay under maxBytes. */
  omitted: number;
  /** Whether long strings were cut. */
  shortened: boolean;
}

const STEPS_OUTPUT_MAX_BYTES = 900_000;
const MAX_STRING = 200;

type StepFields = Pick<Step, 'order' | 'name' | 'status' | 'result'> &
  Partial<Pick<Step, 'startedAt' | 'finishedAt'>>;

export function stepsOutput(steps: readonly StepFields[], options: StepsOutputOptions = {}): string {
  return buildStepsOutput(steps, options).json;
}

export function buildStepsOutput(
  steps: readonly StepFields[],
  options: StepsOutputOptions = {},
): StepsOutput {
  const maxBytes = options.maxBytes ?? STEPS_OUTPUT_MAX_BYTES;
  const ordered = [...steps].sort((a, b) => a.order - b.order);

  const full = ordered.map((step) => toEntry(step, Infinity));
  const fullJson = JSON.stringify(full);
  if (byteLength(fullJson) <= maxBytes) return { json: fullJson, omitted: 0, shortened: false };

  const short = ordered.map((step) => toEntry(step, MAX_STRING));
  const encoded = short.map((entry) => JSON.stringify(entry));
  let budget = maxBytes - 2; // the brackets
  const kept = new Set<number>();
  const indexes = encoded.map((_, index) => index);
  const notPassed = indexes.filter((index) => short[index]?.result !== 'passed');
  const passed = indexes.filter((index) => short[index]?.result === 'passed');
  for (const index of [...notPassed, ...passed]) {
    const cost = byteLength(encoded[index] ?? '') + (kept.size > 0 ? 1 : 0); // the comma
    if (cost > budget) break;
    budget -= cost;
    kept.add(index);
  }
  const json = `[${encoded.filter((_, index) => kept.has(index)).join(',')}]`;
  return { json, omitted: ordered.length - kept.size, shortened: true };
}

function toEntry(step: StepFields, max: number): StepsOutputEntry {
  const seconds = elapsedMs(step.startedAt, step.finishedAt);
  return {
    order: step.order,
    name: cut(step.name, max),
    status: cut(step.status, max),
    result: cut(step.result, max),
    startedAt: isoOrNull(step.startedAt),
    finishedAt: isoOrNull(step.finishedAt),
    seconds: seconds === undefined ? null : seconds / 1000,
  };
}

function isoOrNull(date: Date | undefined): string | null {
  return date && Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const unit = value.charCodeAt(max - 2);
  return `${value.slice(0, unit >= 0xd800 && unit <= 0xdbff ? max - 2 : max - 1)}…`;
}

function byteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}
