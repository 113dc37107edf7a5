// Outcome switches: envVars of a trigger whose key starts with EMULATOR_ steer the run or build.
import * as v from 'valibot';
import { badRequest } from './errors.ts';

export interface OutcomeSwitches {
  result?: 'passed' | 'failed';
  failStep?: string;
  /** The last n steps fail and the run goes on through them, for runs with many failed steps. */
  failedSteps?: number;
  stepMs?: number;
  queueMs?: number;
  steps?: number;
  stepNames?: string[];
  logBytes?: number;
  /** Lines in each step log besides its first three and its last, written evenly over the step. */
  logLines?: number;
  /** The first this many runs (or builds) triggered with the same envVars fail; later ones pass. */
  failTimes?: number;
  /** Every step stores two generated files of this many bytes in all, whatever the script's steps store. */
  artifactBytes?: number;
}

const MAX_GENERATED_STEPS = 10_000;
/** As the world file's generated files: 4 GiB. */
const MAX_GENERATED_ARTIFACT_BYTES = 4 * 1024 ** 3;
/** Lines are counted, never held: a billion is a log of some tens of gigabytes. */
const MAX_LOG_LINES = 1_000_000_000;

function wholeNumber(key: string, min: number, max: number) {
  const message = `${key} must be a whole number from ${min} to ${max}`;
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, message),
    v.transform(Number),
    v.safeInteger(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

const stepNamesMessage = `EMULATOR_STEP_NAMES must list 1 to ${MAX_GENERATED_STEPS} comma-separated names`;

/** Each switch: its variable, and how its value is read (a refused value is a 400 with the message). */
const SWITCHES = {
  result: ['EMULATOR_RESULT', v.picklist(['passed', 'failed'], 'EMULATOR_RESULT must be passed or failed')],
  failStep: ['EMULATOR_FAIL_STEP', v.string()],
  failedSteps: ['EMULATOR_FAILED_STEPS', wholeNumber('EMULATOR_FAILED_STEPS', 1, MAX_GENERATED_STEPS)],
  stepMs: ['EMULATOR_STEP_MS', wholeNumber('EMULATOR_STEP_MS', 0, 86_400_000)],
  queueMs: ['EMULATOR_QUEUE_MS', wholeNumber('EMULATOR_QUEUE_MS', 0, 86_400_000)],
  steps: ['EMULATOR_STEPS', wholeNumber('EMULATOR_STEPS', 1, MAX_GENERATED_STEPS)],
  stepNames: [
    'EMULATOR_STEP_NAMES',
    v.pipe(
      v.string(),
      v.transform((value) => value.split(',').filter((name) => name !== '')),
      v.minLength(1, stepNamesMessage),
      v.maxLength(MAX_GENERATED_STEPS, stepNamesMessage),
    ),
  ],
  logBytes: ['EMULATOR_LOG_BYTES', wholeNumber('EMULATOR_LOG_BYTES', 0, Number.MAX_SAFE_INTEGER)],
  logLines: ['EMULATOR_LOG_LINES', wholeNumber('EMULATOR_LOG_LINES', 0, MAX_LOG_LINES)],
  failTimes: ['EMULATOR_FAIL_TIMES', wholeNumber('EMULATOR_FAIL_TIMES', 0, 1000)],
  artifactBytes: [
    'EMULATOR_ARTIFACT_BYTES',
    wholeNumber('EMULATOR_ARTIFACT_BYTES', 2, MAX_GENERATED_ARTIFACT_BYTES),
  ],
} as const satisfies {
  [K in keyof OutcomeSwitches]-?: readonly [string, v.GenericSchema<string, OutcomeSwitches[K]>];
};

const BY_VARIABLE = new Map<string, { name: string; schema: v.GenericSchema<string, unknown> }>(
  Object.entries(SWITCHES).map(([name, [variable, schema]]) => [variable, { name, schema }]),
);

/** The switches after it, up to the next one, steer only the runs of the pipeline it names. */
const FOR_PIPELINE = 'EMULATOR_FOR_PIPELINE';

/**
 * Reads the EMULATOR_* variables (a later entry overrides an earlier one); a bad value is a 400, whichever
 * pipeline it is for. `pipeline` is the name of the run's pipeline; a build or deploy has none, so the
 * switches after a non-empty EMULATOR_FOR_PIPELINE do not steer it.
 */
export function readOutcomeSwitches(
  envVars: readonly { key: string; value: string }[],
  pipeline?: string,
): OutcomeSwitches {
  const switches: Record<string, unknown> = {};
  let scope = '';
  for (const { key, value } of envVars) {
    if (key === FOR_PIPELINE) {
      scope = value;
      continue;
    }
    const known = BY_VARIABLE.get(key);
    if (!known) continue;
    const parsed = v.safeParse(known.schema, value);
    if (!parsed.success) throw badRequest(parsed.issues[0].message);
    if (scope === '' || scope === pipeline) switches[known.name] = parsed.output;
  }
  return switches as OutcomeSwitches;
}

/**
 * EMULATOR_FAIL_TIMES, a flaky run: while fewer than that many runs with the same envVars came before
 * it, it fails (at EMULATOR_FAIL_STEP, or as EMULATOR_RESULT=failed would); after them, it passes.
 */
export function flaky(switches: OutcomeSwitches, earlier: number): OutcomeSwitches {
  if (switches.failTimes === undefined) return switches;
  const { failStep, result: _result, ...rest } = switches;
  if (earlier >= switches.failTimes) return { ...rest, result: 'passed' };
  return failStep !== undefined ? { ...rest, failStep } : { ...rest, result: 'failed' };
}

/** Whether two lists of envVars are the same, in the same order. */
export function sameEnvVars(
  a: readonly { key: string; value: string }[],
  b: readonly { key: string; value: string }[],
): boolean {
  return (
    a.length === b.length && a.every((entry, i) => entry.key === b[i]?.key && entry.value === b[i]?.value)
  );
}
