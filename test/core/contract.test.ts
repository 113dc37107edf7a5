// The typed contract shared by main and post: output names match action.yml, and post reads back
// exactly what main saved, dropping anything malformed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  OUTPUT_NAMES,
  readSavedState,
  saveState,
  type StateKey,
  type StateStore,
} from '../../src/core/contract.ts';
import { fingerprintKey, fingerprintOf } from '../../src/core/fingerprint.ts';

function memoryStore(): StateStore & { values: Map<StateKey, string> } {
  const values = new Map<StateKey, string>();
  return { values, save: (key, value) => void values.set(key, value), get: (key) => values.get(key) ?? '' };
}

describe('the contract', () => {
  it('names exactly the outputs action.yml declares, in its order', () => {
    const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
      outputs: Record<string, unknown>;
    };
    const declared = Object.keys(action.outputs);
    // Named first, so a forgotten output reads as its name rather than as two cut-off arrays.
    expect(
      declared.filter((name) => !(OUTPUT_NAMES as string[]).includes(name)),
      'in action.yml only',
    ).toEqual([]);
    expect(
      OUTPUT_NAMES.filter((name) => !declared.includes(name)),
      'in the contract only',
    ).toEqual([]);
    expect([...OUTPUT_NAMES]).toEqual(declared);
  });

  it('holds no expression in any description of action.yml: the runner would read it as one and refuse to load the action', () => {
    for (const file of ['../../action.yml', '../../emulator/action.yml']) {
      const action = parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as {
        description?: string;
        inputs?: Record<string, { description?: string }>;
        outputs?: Record<string, { description?: string }>;
      };
      const descriptions = [
        action.description ?? '',
        ...Object.values(action.inputs ?? {}).map((input) => input.description ?? ''),
        ...Object.values(action.outputs ?? {}).map((output) => output.description ?? ''),
      ];
      expect(
        descriptions.filter((text) => text.includes('${{')),
        file,
      ).toEqual([]);
    }
  });

  it('reads back what was saved', () => {
    const store = memoryStore();
    const fingerprint = fingerprintOf(
      { pipelineId: 'p0000000000000000000000a', branch: 'main', envVars: [{ key: 'A', value: 'secret' }] },
      [],
      fingerprintKey('a-token'),
    );
    saveState(store, 'pendingTrigger', fingerprint);
    saveState(store, 'kind', 'run');
    saveState(store, 'id', '5e000000000000000000002f');
    saveState(store, 'workflowRuns', ['5e0000000000000000000030']);
    saveState(store, 'settled', true);
    expect(readSavedState(store)).toEqual({
      state: {
        kind: 'run',
        id: '5e000000000000000000002f',
        workflowRuns: ['5e0000000000000000000030'],
        settled: true,
        pendingTrigger: fingerprint,
      },
      problems: [],
    });
    expect([...store.values.values()].join('\n')).not.toContain('secret');
  });

  it('reads back every target of several, and drops a list with one bad entry', () => {
    const store = memoryStore();
    const fingerprint = fingerprintOf(
      { pipelineId: 'p0000000000000000000000a' },
      [],
      fingerprintKey('a-token'),
    );
    const targets = [
      { kind: 'run' as const, id: '5e000000000000000000002f', settled: true },
      { settled: false, pendingTrigger: fingerprint },
      {
        kind: 'run' as const,
        id: '5e0000000000000000000031',
        settled: false,
        openReports: { status: true, checkRunId: 7 },
      },
    ];
    saveState(store, 'targets', targets);
    expect(readSavedState(store)).toEqual({ state: { settled: false, targets }, problems: [] });
    store.save('targets', JSON.stringify([...targets, { settled: false, id: '../abort' }]));
    expect(readSavedState(store).problems).toEqual(['targets']);
    store.save('targets', JSON.stringify([{ settled: 'yes' }]));
    expect(readSavedState(store).problems).toEqual(['targets']);
  });

  it.each([
    ['id', '..'],
    ['id', 'abc123\n::warning::x'],
    ['id', '../abort'],
    ['kind', 'deploy'],
    ['workflowRuns', '["ok", "../x"]'],
    ['workflowRuns', '{'],
    ['pendingTrigger', '{"pipelineId":"p1","known":[]}'],
    ['pendingTrigger', 'not json'],
    ['openReports', '{"status":'],
  ] as const)('drops a malformed %s (%j)', (key, value) => {
    const store = memoryStore();
    store.save(key, value);
    const { state, problems } = readSavedState(store);
    expect(problems).toEqual([key]);
    expect(state[key as keyof typeof state]).toBeUndefined();
  });

  it('keeps the reports’ open entry whole without looking into it, for a target too', () => {
    const store = memoryStore();
    const open = { anything: ['the', 'reports', 'own'], id: 7 };
    saveState(store, 'openReports', open);
    saveState(store, 'targets', [{ settled: false, openReports: 'theirs' }]);
    expect(readSavedState(store)).toEqual({
      state: { settled: false, openReports: open, targets: [{ settled: false, openReports: 'theirs' }] },
      problems: [],
    });
    saveState(store, 'openReports', undefined);
    expect(store.values.get('openReports')).toBe('');
    expect(readSavedState(store).state).not.toHaveProperty('openReports');
  });
});
