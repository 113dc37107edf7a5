import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../src/core/settings.ts';
import { BAD_INPUTS, validInputs } from '../support/bad-inputs.ts';
import { LEAK_TOKEN, tokenWindows } from '../support/token-leaks.ts';

function settingsError(inputs: Record<string, string>): SettingsError {
  try {
    readSettings((name) => inputs[name] ?? '');
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('the bad-input table', () => {
  it('has at least 30 distinct rows', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(BAD_INPUTS.map((row) => row.name)).size).toBe(BAD_INPUTS.length);
    expect(new Set(BAD_INPUTS.map((row) => JSON.stringify(row.inputs))).size).toBe(BAD_INPUTS.length);
  });

  it('starts from a valid, complete set of inputs', () => {
    const inputs = validInputs();
    expect(() => readSettings((name) => inputs[name] ?? '')).not.toThrow();
  });

  it.each(BAD_INPUTS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(row.inputs['base-url'] === 'http://127.0.0.1:1' || row.input === 'base-url').toBe(true);
    expect(row.inputs.token === LEAK_TOKEN || row.input === 'token').toBe(true);

    const error = settingsError(row.inputs);
    expect(error.problems).toHaveLength(1);
    const [problem] = error.problems;
    expect(problem?.inputs ?? [problem?.input]).toContain(row.input);
    expect(error.message).toContain(`\`${row.input}\``);
    expect(error.message).toContain(row.fragment);
    expect(problem?.hint.length).toBeGreaterThan(10);
    expect(error.message).toContain(' Fix: ');
    expect(tokenWindows(error.message)).toEqual([]);
  });
});
