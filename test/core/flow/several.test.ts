// Several targets in one step, in-process: each triggered once and followed at once, one exit with
// the step's outputs, state and summary, and the gate on every target.
import { describe, expect, it } from 'vitest';
import type { RunTrigger } from '../../../src/api/types.ts';
import { nameForTarget, targetLabels } from '../../../src/core/flow/target-label.ts';
import { renderSeveralSummary } from '../../../src/core/report/several-summary.ts';
import { httpError, lostResponse, type FakeApi } from './fake-api.ts';
import { busiestSecond, PIPELINES, runOf, runSeveral, type SeveralRun } from './several-kit.ts';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

describe('several targets', () => {
  it('triggers three pipelines once each, follows them at once, and passes', async () => {
    const run = await runSeveral();
    expect(run.outcome).toMatchObject({ kind: 'passed', success: true });
    expect(run.api.count('triggerRun')).toBe(3);
    // The three name pipelines of one application: its pipeline list is read once.
    expect(run.api.count('listPipelines')).toBe(1);
    const triggered = run.api.calls
      .filter((call) => call.method === 'triggerRun')
      .map((call) => (call.args[0] as { pipelineId: string }).pipelineId);
    expect(new Set(triggered)).toEqual(new Set(PIPELINES.map((pipeline) => pipeline.id)));
    // Side by side: all three end about when one alone would (2 s queue and 3 steps of 5 s).
    expect(run.time.now - START).toBeLessThan(30_000);
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

const script = (stepMs: number, failAt?: number) => ({
  queueMs: 2000,
  stepMs,
  steps: ['checkout', 'build', 'test'],
  ...(failAt !== undefined ? { failAt } : {}),
});

/** Scripts by pipeline name. */
function scripts(api: FakeApi, byName: Record<string, ReturnType<typeof script>>): void {
  api.scriptFor = (id) => byName[PIPELINES.find((pipeline) => pipeline.id === id)?.name ?? ''];
}

function outcomes(run: SeveralRun): Record<string, string> {
  return Object.fromEntries(run.end.targets.map((target) => [target.label, target.conclusion.outcome.kind]));
}

describe('several targets that do not all pass', () => {
  it('fails the step when one fails, with result failed and runs in input order', async () => {
    const run = await runSeveral({ arrange: ({ api }) => scripts(api, { test: script(5000, 1) }) });
    expect(run.outcome).toMatchObject({ kind: 'failed', success: false });
    expect(run.outcome.message).toContain('test failed');
    expect(outcomes(run)).toEqual({ build: 'passed', test: 'failed', e2e: 'passed' });
    expect(run.outputs.get('result')).toBe('failed');
    const runs = JSON.parse(run.outputs.get('runs')!) as Array<Record<string, string>>;
    expect(runs.map((entry) => entry.result)).toEqual(['passed', 'failed', 'passed']);
    expect(runs.map((entry) => entry.id)).toEqual(
      ['build', 'test', 'e2e'].map((name) => runOf(run.api, name)),
    );
    expect(run.lines.some((line) => line.startsWith('error: [test] '))).toBe(true);
    expect(run.lines.some((line) => line.startsWith('group: [test] ✖ 2/3 build'))).toBe(true);
    // The failed target comes first in the summary, open; the passed ones are collapsed.
    const summary = run.summaries[0]!;
    expect(summary.indexOf('test: Run failed')).toBeLessThan(summary.indexOf('build: Run passed'));
    expect(summary.match(/<details><summary>/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('heads the summary with how many targets ended the way the step did', async () => {
    const failed = await runSeveral({ arrange: ({ api }) => scripts(api, { test: script(5000, 1) }) });
    expect(failed.summaries[0]).toContain('<h2>✖ 1 of 3 targets failed</h2>');
    const passed = await runSeveral();
    expect(passed.summaries[0]).toContain('<h2>✔ 3 targets passed</h2>');
  });

  it('passes the step with propagate-failure false, and keeps following the others', async () => {
    const run = await runSeveral({
      inputs: { 'propagate-failure': 'false' },
      arrange: ({ api }) => scripts(api, { build: script(5000, 0) }),
    });
    expect(run.outcome).toMatchObject({ kind: 'failed', success: true });
    expect(run.outputs.get('result')).toBe('failed');
  });

  it('with fail-fast, aborts the others when the first fails, and says why', async () => {
    const run = await runSeveral({
      inputs: { 'fail-fast': 'true' },
      arrange: ({ api }) =>
        scripts(api, { build: script(20_000), test: script(20_000), e2e: script(3000, 0) }),
    });
    expect(run.outcome).toMatchObject({ kind: 'failed', success: false });
    expect(outcomes(run)).toEqual({ build: 'aborted', test: 'aborted', e2e: 'failed' });
    expect(run.api.count('abortRun')).toBe(2);
    const build = run.end.targets[0]!.conclusion.outcome;
    expect(build.message).toMatch(/^Aborted because e2e failed \(fail-fast: true\)/);
    expect(run.outcome.message).toContain('e2e failed first (fail-fast: true)');
    expect(run.summaries[0]).toContain('Aborted because e2e failed (fail-fast: true)');
    const runs = JSON.parse(run.outputs.get('runs')!) as Array<Record<string, string>>;
    expect(runs.map((entry) => entry.result)).toEqual(['aborted', 'aborted', 'failed']);
    expect(run.state.get('settled')).toBe('true');
  });

  it('with fail-fast, a target still waiting to send its refused trigger is stopped and reports aborted', async () => {
    const run = await runSeveral({
      inputs: { 'fail-fast': 'true' },
      arrange: ({ api }) => {
        // e2e fails at 2.5 s; the refused trigger is sent again at 1 s, 3 s and 7 s.
        scripts(api, { build: script(20_000), e2e: script(500, 0) });
        const test = PIPELINES[1]!.id;
        api.everyCall = ({ method, args }) => {
          if (method === 'triggerRun' && (args[0] as RunTrigger).pipelineId === test) {
            throw httpError('POST', '/runs', 429);
          }
        };
      },
    });
    expect(outcomes(run)).toEqual({ build: 'aborted', test: 'aborted', e2e: 'failed' });
    expect(run.end.targets[1]!.conclusion.outcome.message).toMatch(/^Aborted because e2e failed/);
    expect(run.outcome.message).toContain('e2e failed first (fail-fast: true)');
  });

  it('with fail-fast, a target that finished just before its abort keeps its own result', async () => {
    // e2e comes first and all poll once a minute: at the first poll e2e has failed, and build has
    // finished but is not seen finished yet when fail-fast stops it.
    const run = await runSeveral({
      inputs: {
        'fail-fast': 'true',
        'poll-interval': '60s',
        pipeline: 'acme/web/e2e\nacme/web/test\nacme/web/build',
      },
      arrange: ({ api }) =>
        scripts(api, {
          build: { ...script(2900), steps: ['checkout'] },
          test: script(20_000),
          e2e: script(3000, 0),
        }),
    });
    expect(outcomes(run)).toEqual({ e2e: 'failed', test: 'aborted', build: 'passed' });
    expect(run.end.targets[2]!.conclusion.final.abort?.alreadyFinished).toBe(true);
    expect(run.outcome.kind).toBe('failed');
  });

  it('without fail-fast, follows the others to their end', async () => {
    const run = await runSeveral({
      arrange: ({ api }) => scripts(api, { build: script(8000), test: script(8000), e2e: script(3000, 0) }),
    });
    expect(outcomes(run)).toEqual({ build: 'passed', test: 'passed', e2e: 'failed' });
    expect(run.api.count('abortRun')).toBe(0);
  });
});

describe('a target that ends in an error', () => {
  /** e2e's trigger answer is lost, and every read of its search for the run fails with `error`. */
  const searchFails =
    (error: () => Error) =>
    ({ api }: { api: FakeApi }): void => {
      const e2e = PIPELINES[2]!.id;
      let lost = false;
      api.everyCall = ({ method, args }) => {
        const pipelineId = (args[0] as { pipelineId?: string } | undefined)?.pipelineId;
        if (pipelineId !== e2e) return;
        if (method === 'triggerRun' && !lost) {
          lost = true;
          throw lostResponse();
        }
        if (method === 'listRuns' && lost) throw error();
      };
    };
  const errors = (run: SeveralRun) => run.lines.filter((line) => line.startsWith('error: '));

  it('says why in an error annotation of its own, once, and a failed one keeps its step annotation', async () => {
    const run = await runSeveral({
      arrange: (world) => {
        scripts(world.api, { test: script(5000, 1) });
        searchFails(() => httpError('GET', '/runs', 503))(world);
      },
    });
    expect(outcomes(run)).toEqual({ build: 'passed', test: 'failed', e2e: 'unknown' });
    const cause = run.end.targets[2]!.conclusion.outcome.message;
    expect(cause).toContain('503');
    expect(errors(run)).toEqual([
      `error: [e2e] ${cause} (e2e)`,
      'error: [test] error: something broke ([test] ✖ Step 2/3 build failed)',
    ]);
    // After the target's own last line; the step's failure still only counts the targets.
    const ended = run.lines.indexOf('[e2e] … Run ended with an unknown result after 0s');
    expect(run.lines.indexOf(`error: [e2e] ${cause} (e2e)`)).toBe(ended + 1);
    expect(run.outcome.message).toBe('3 targets: 1 failed, 1 unknown, 1 passed (test failed, e2e unknown).');
  });

  it('is sanitised like any remote text', async () => {
    const run = await runSeveral({
      arrange: searchFails(() => new Error('::add-mask::x\n::error::\u001b[31mforged\u202e ##[error]y')),
    });
    expect(errors(run)).toHaveLength(1);
    const line = errors(run)[0]!;
    expect(line).toMatch(/^error: \[e2e\] .*forged/);
    for (const unsafe of ['\n', '\u001b', '\u202e', '##[']) expect(line).not.toContain(unsafe);
  });

  it("keeps within the runner's error annotations, the step's failure left a slot", async () => {
    const names = Array.from({ length: 12 }, (_, index) => `acme/web/gone${index + 1}`);
    const run = await runSeveral({ inputs: { pipeline: names.join('\n') } });
    expect(run.end.targets.every((target) => target.conclusion.outcome.kind === 'unknown')).toBe(true);
    expect(errors(run)).toHaveLength(9);
    expect(errors(run).filter((line) => /^error: \[gone\d+\] /.test(line))).toHaveLength(8);
    expect(errors(run).at(-1)).toBe('error: …and 4 more failed steps or target errors, see the job summary.');
  });

  it("failed steps of every target share that budget: the step's failure is never crowded out", async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `p${String(index).padStart(23, '0')}`);
    const run = await runSeveral({
      inputs: { pipeline: '', 'pipeline-id': ids.join('\n') },
      arrange: ({ api }) => void (api.script = script(1000, 0)),
    });
    expect(run.end.targets.every((target) => target.conclusion.outcome.kind === 'failed')).toBe(true);
    expect(errors(run)).toHaveLength(9);
    expect(errors(run).at(-1)).toBe('error: …and 4 more failed steps or target errors, see the job summary.');
  });
});

describe('several targets stopped', () => {
  it('cancelled: every target still running is aborted, at once', async () => {
    const run = await runSeveral({ arrange: ({ time, cancel }) => time.at(8000, cancel) });
    expect(run.outcome).toMatchObject({ kind: 'cancelled', success: false });
    expect(outcomes(run)).toEqual({ build: 'cancelled', test: 'cancelled', e2e: 'cancelled' });
    expect(run.api.count('abortRun')).toBe(3);
    const aborts = run.api.calls.filter((call) => call.method === 'abortRun').map((call) => call.at);
    expect(Math.max(...aborts) - Math.min(...aborts)).toBeLessThan(1000);
    expect(run.outputs.get('result')).toBe('aborted');
    expect(run.state.get('settled')).toBe('true');
  });

  it('cancelled with 50 targets: the budget is lifted, and every abort goes at once', async () => {
    const ids = Array.from({ length: 50 }, (_, index) => `p${String(index).padStart(23, '0')}`);
    const cancelAt = START + 60_000;
    const run = await runSeveral({
      inputs: { pipeline: '', 'pipeline-id': ids.join('\n') },
      arrange: ({ api, time, cancel }) => {
        api.script = script(600_000);
        time.at(60_000, cancel);
      },
    });
    expect(run.outcome.kind).toBe('cancelled');
    expect(busiestSecond({ calls: run.api.calls.filter((call) => call.at < cancelAt) })).toBeLessThanOrEqual(
      10,
    );
    const aborts = run.api.calls.filter((call) => call.method === 'abortRun').map((call) => call.at);
    expect(aborts).toHaveLength(50);
    expect(Math.max(...aborts) - cancelAt).toBeLessThan(250);
    expect(run.state.get('settled')).toBe('true');
  });

  it('timed out: every target is aborted', async () => {
    const run = await runSeveral({
      inputs: { timeout: '10s' },
      arrange: ({ api }) => void (api.script = script(10_000)),
    });
    expect(run.outcome).toMatchObject({ kind: 'timed-out', success: false });
    expect(outcomes(run)).toEqual({ build: 'timed-out', test: 'timed-out', e2e: 'timed-out' });
    expect(run.api.count('abortRun')).toBe(3);
  });

  it('a lost trigger response on one target is adopted, and every pipeline runs exactly once', async () => {
    const run = await runSeveral({
      arrange: ({ api }) =>
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          throw lostResponse();
        }),
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.remotes.size).toBe(3);
    expect(run.api.count('triggerRun')).toBe(3);
    expect(run.lines.filter((line) => / Adopted run /.test(line))).toHaveLength(1);
  });
});

describe('several targets are triggered all together or not at all', () => {
  it('a pipeline named by id and by name is caught once both are resolved, before any trigger', async () => {
    const run = await runSeveral({
      inputs: { pipeline: 'acme/web/build\nacme/web/test', 'pipeline-id': PIPELINES[0]!.id },
    });
    expect(run.outcome.success).toBe(false);
    expect(run.end.targets.every((target) => target.conclusion.outcome.kind === 'unknown')).toBe(true);
    expect(run.api.count('triggerRun')).toBe(0);
    const message = run.end.targets[0]!.conclusion.outcome.message;
    expect(message).toContain('Inputs `pipeline` and `pipeline-id`');
    expect(message).toContain(`(${PIPELINES[0]!.id})`);
    expect(run.outputs.get('result')).toBe('unknown');
  });

  it('a pipeline name that does not exist stops the others before anything runs', async () => {
    const run = await runSeveral({ inputs: { pipeline: 'acme/web/build\nacme/web/tset\nacme/web/e2e' } });
    expect(run.outcome.success).toBe(false);
    expect(run.end.targets.every((target) => target.conclusion.outcome.kind === 'unknown')).toBe(true);
    expect(run.api.count('triggerRun')).toBe(0);
    const messages = run.end.targets.map((target) => target.conclusion.outcome.message);
    expect(messages[1]).toContain('has no pipeline named "tset"');
    expect(messages[0]).toMatch(/^Not triggered: tset could not be resolved/);
    expect(messages[2]).toMatch(/^Not triggered: tset could not be resolved/);
  });
});

describe('the shared rate limit', () => {
  it('never sends more than 10 requests in a second, with 30 targets', async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `p${String(index).padStart(23, '0')}`);
    const run = await runSeveral({ inputs: { pipeline: '', 'pipeline-id': ids.join('\n') } });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(30);
    expect(busiestSecond(run.api)).toBe(10);
  });

  it('a target whose reads fail does not delay the others', async () => {
    const ends = async (failing: boolean) => {
      const ended = new Map<string, number>();
      let clock = { now: 0 };
      const run = await runSeveral({
        arrange: ({ api, time }) => {
          clock = time;
          if (!failing) return;
          api.everyCall = ({ method, args }) => {
            const test = runOf(api, 'test');
            if (method.startsWith('getRun') && args[0] === test && time.now < START + 60_000) {
              throw httpError('GET', `/runs/${test}`, 503);
            }
          };
        },
        targetSinks: (target) => [{ concluded: () => void ended.set(target.label, clock.now) }],
      });
      return { run, ended };
    };
    const calm = await ends(false);
    const stormy = await ends(true);
    expect(stormy.run.outcome.kind).toBe('passed');
    expect(stormy.ended.get('build')).toBe(calm.ended.get('build'));
    expect(stormy.ended.get('e2e')).toBe(calm.ended.get('e2e'));
    expect(stormy.ended.get('test')!).toBeGreaterThan(START + 60_000);
  });
});

describe('the summary of several targets', () => {
  it('stays within its byte limit for all targets together, the failed one kept first', async () => {
    const run = await runSeveral({
      arrange: ({ api }) => {
        scripts(api, { e2e: script(5000, 2) });
        api.stepLog = (url) => `${'x'.repeat(150)}\n`.repeat(300) + `error: ${url} broke\n`;
      },
    });
    const full = run.summaries[0]!;
    const small = renderSeveralSummary(run.end, { maxBytes: 6000 });
    expect(Buffer.byteLength(full)).toBeGreaterThan(6000);
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(6000);
    expect(small).toContain('<th>Target</th>');
    expect(small).toContain('e2e: Run failed');
    expect(small.indexOf('e2e: Run failed')).toBeLessThan(small.indexOf('build: Run passed'));
    expect(small).not.toMatch(/\n\s*\n/);
  });

  it('names targets by pipeline, and GitHub reports after them', () => {
    const targets = [
      { kind: 'pipeline' as const, owner: 'acme', application: 'web', pipeline: 'build' },
      { kind: 'pipeline' as const, owner: 'acme', application: 'api', pipeline: 'build' },
      { kind: 'pipeline' as const, owner: 'acme', application: 'web', pipeline: 'e2e' },
      { kind: 'pipeline-id' as const, pipelineId: 'p1' },
    ];
    expect(targetLabels(targets)).toEqual(['web/build', 'api/build', 'e2e', 'p1']);
    expect(nameForTarget('ci/test', 'e2e')).toBe('ci/test (e2e)');
    expect(nameForTarget('ci/{pipeline}', 'e2e')).toBe('ci/e2e');
  });
});
