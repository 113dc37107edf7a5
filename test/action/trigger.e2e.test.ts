// A trigger the server refused (429) or whose answer was lost: sent again only when no run of it
// appeared, and never twice into one run; the bundled main entry against the emulator over real HTTP.
import { describe, expect, it } from 'vitest';
import { parseRunnerOutput, runAction } from '../support/action-harness.ts';
import { BUILD, emulatorPerFile } from './emulator-kit.ts';

const kit = emulatorPerFile(20);
const { connection, posts } = kit;

describe('a refused or failed trigger', () => {
  it('is sent again after a 429, which the server did not take', async () => {
    kit.emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', status: 429, retryAfter: '1' });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': 'ONCE=1' });
    expect(result.code, result.stdout).toBe(0);
    expect(posts()).toHaveLength(2);
    expect(
      kit.emulator.control.runs().filter((run) => run.envVars.some((pair) => pair.key === 'ONCE')),
    ).toHaveLength(1);
  });

  it('is sent again once no run of it appears: the server had not taken it; exactly one run', async () => {
    kit.emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', destroySocket: true });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': 'LOST=1' });
    expect(result.code, result.stdout).toBe(0);
    expect(posts()).toHaveLength(2);
    const created = kit.emulator.control
      .runs()
      .filter((run) => run.envVars.some((pair) => pair.key === 'LOST'));
    expect(created).toHaveLength(1);
    expect(result.outputs.id).toBe(created[0]!.id);
    expect(result.stdout).toContain('No run of that trigger appeared, so the server did not take it');
  });

  it('gives up, with a summary, when every send is lost and no run appears', async () => {
    kit.emulator.control.injectFault({
      method: 'POST',
      route: '/api/v3/runs',
      destroySocket: true,
      times: 3,
    });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': 'LOST=2' });
    expect(result.code).toBe(1);
    expect(posts()).toHaveLength(3);
    expect(
      kit.emulator.control.runs().filter((run) => run.envVars.some((pair) => pair.key === 'LOST')),
    ).toHaveLength(0);
    expect(parseRunnerOutput(result.stdout).errors.at(-1)?.message).toMatch(
      /was lost 3 times and no new run matches it/,
    );
    expect(result.summary).toMatch(/was lost 3 times and no new run matches it/);
    expect(result.state.id).toBeUndefined();
  });
});
