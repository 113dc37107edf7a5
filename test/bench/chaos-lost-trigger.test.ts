// The chaos verdict on a run main could not name: its trigger's answer lost, the timeout cutting short the
// look for what it created, the post step finding and settling it.
import { describe, expect, it } from 'vitest';
import { judge, type RunEvidence } from '../../bench/chaos/check.ts';
import { planRun } from '../../bench/chaos/plan.ts';
import { chaosRunView } from './chaos-run-view.ts';

const TOKEN = 'secret-token-for-the-check';
const RUN_ID = '5e0000000000000000000003';
const LOST =
  '::warning::The response to the run trigger was lost (POST /api/v3/runs failed: the connection was closed). ' +
  'The run may exist: looking for it instead of triggering again.';
const SETTLED = `The main step did not finish following run ${RUN_ID}; aborting.`;

const run = chaosRunView(RUN_ID, { result: 'aborted' });

/** One target, `timeout: 1s`; main wrote no id, for it never named the run. */
function evidence({ lost = true, settled = true, exitedAt = 1200 } = {}): RunEvidence {
  const plan = { ...planRun(1, 0), timeoutSeconds: 1 };
  for (const key of ['cancelAtMs', 'others', 'failFast', 'liveLogs', 'artifacts', 'github'] as const)
    delete plan[key];
  const stdout = [`::add-mask::${TOKEN}`, ...(lost ? [LOST] : []), '⏱ Run timed out after 1s'].join('\n');
  return {
    plan,
    token: TOKEN,
    main: {
      code: 1,
      signal: null,
      stdout: `${stdout}\n::error::Timed out after 1s.\n`,
      stderr: '',
      spawnedAt: 0,
      exitedAt,
      cancelled: false,
      sigterm: false,
      sigkill: false,
      hung: false,
    },
    post: {
      code: 0,
      signal: null,
      stdout: settled ? `${SETTLED}\n` : '',
      stderr: '',
      spawnedAt: 2000,
      exitedAt: 2100,
    },
    outputs: { status: 'timed-out', result: 'unknown' },
    files: { output: '', state: '', summary: '<h2>⏱ Run timed out</h2>' },
    runsAfterMain: [{ ...run, status: 'running', result: 'unknown' }],
    runsAfterPost: [run],
  };
}

const missing = (e: RunEvidence) => judge(e).problems.filter((problem) => problem.kind === 'missing outputs');

describe('a run main could not name', () => {
  it('is noted, not failed, when the trigger’s answer was lost, the timeout cut the look, and post settled it', () => {
    const verdict = judge(evidence());
    expect(missing(evidence())).toEqual([]);
    expect(verdict.notes.join('\n')).toContain('the timeout cut the look for the lost trigger');
  });

  it('is missing outputs when any of the three is not so', () => {
    expect(missing(evidence({ lost: false }))).toHaveLength(1);
    expect(missing(evidence({ settled: false }))).toHaveLength(1);
    // Main ended before its timeout: nothing cut the look short.
    expect(missing(evidence({ exitedAt: 600 }))).toHaveLength(1);
  });
});
