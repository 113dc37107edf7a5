// Outcome switches: envVars of a trigger whose key starts with EMULATOR_ steer the run or build.
import { badRequest } from './errors.ts';

export interface OutcomeSwitches {
  result?: 'passed' | 'failed';
  failStep?: string;
  stepMs?: number;
  queueMs?: number;
  steps?: number;
  stepNames?: string[];
  logBytes?: number;
}

export const MAX_GENERATED_STEPS = 10_000;

/** Reads the EMULATOR_* variables (a later entry overrides an earlier one); a bad value is a 400. */
export function readOutcomeSwitches(envVars: readonly { key: string; value: string }[]): OutcomeSwitches {
  const switches: OutcomeSwitches = {};
  for (const { key, value } of envVars) {
    switch (key) {
      case 'EMULATOR_RESULT':
        if (value !== 'passed' && value !== 'failed')
          throw badRequest('EMULATOR_RESULT must be passed or failed');
        switches.result = value;
        break;
      case 'EMULATOR_FAIL_STEP':
        switches.failStep = value;
        break;
      case 'EMULATOR_STEP_MS':
        switches.stepMs = wholeNumber(key, value, 0, 86_400_000);
        break;
      case 'EMULATOR_QUEUE_MS':
        switches.queueMs = wholeNumber(key, value, 0, 86_400_000);
        break;
      case 'EMULATOR_STEPS':
        switches.steps = wholeNumber(key, value, 1, MAX_GENERATED_STEPS);
        break;
      case 'EMULATOR_STEP_NAMES': {
        const names = value.split(',').filter((name) => name !== '');
        if (names.length === 0 || names.length > MAX_GENERATED_STEPS) {
          throw badRequest(`EMULATOR_STEP_NAMES must list 1 to ${MAX_GENERATED_STEPS} comma-separated names`);
        }
        switches.stepNames = names;
        break;
      }
      case 'EMULATOR_LOG_BYTES':
        switches.logBytes = wholeNumber(key, value, 0, Number.MAX_SAFE_INTEGER);
        break;
    }
  }
  return switches;
}

function wholeNumber(key: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw badRequest(`${key} must be a whole number from ${min} to ${max}`);
  }
  return n;
}
