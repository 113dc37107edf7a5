// Several targets in one step, in-process: each triggered once and followed at once, one exit with
// the step's outputs, state and summary, and the gate on every target.
import { describe, expect, it } from 'vitest';
import { busiestSecond, PIPELINES, runSeveral } from './several-kit.ts';

describe('several targets', () => {
  it('triggers three pipelines once each, follows them at once, and passes', async () => {
    const run = await runSeveral();
    expect(run.outcome).toMatchObject({ kind: 'passed', success: true });
    expect(run.api.count('triggerRun')).toBe(3);
    const triggered = run.api.calls
      .filter((call) => call.method === 'triggerRun')
      .map((call) => (call.args[0] as { pipelineId: string }).pipelineId);
    expect(new Set(triggered)).toEqual(new Set(PIPELINES.map((pipeline) => pipeline.id)));
    // Side by side: all three end about when one alone would (2 s queue and 3 steps of 5 s).
    expect(run.time.now - Date.UTC(2026, 0, 5, 9, 0, 0)).toBeLessThan(30_000);
    expect(run.outputs.get('result')).toBe('passed');
    expect(run.outputs.get('status')).toBe('finished');
    expect(run.outputs.get('id')).toBe('');
    expect(run.outputs.get('run-id')).toBe('');
    expect(run.outputs.get('url')).toBe('');
    const runs = JSON.parse(run.outputs.get('runs')!) as Array<Record<string, string>>;
    expect(runs.map((entry) => entry.pipeline)).toEqual(PIPELINES.map((pipeline) => pipeline.id));
    expect(runs.every((entry) => entry.result === 'passed')).toBe(true);
    expect(run.state.get('settled')).toBe('true');
    expect(JSON.parse(run.state.get('targets')!)).toHaveLength(3);
    expect(run.lines.some((line) => /^\[e2e\] ✔ 3\/3 test/.test(line))).toBe(true);
    expect(run.summaries).toHaveLength(1);
    expect(busiestSecond(run.api)).toBeLessThanOrEqual(10);
  });
});
