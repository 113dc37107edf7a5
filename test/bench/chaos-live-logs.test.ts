// The chaos run's check of live step logs: the lines the runner shows for each step against the server's log.
import { describe, expect, it } from 'vitest';
import { checkLiveLogs, liveLogTotals, type ServerLogs } from '../../bench/chaos/check-live-logs.ts';
import { planEnvVars, planRun, stepLogsInput, streamsLive } from '../../bench/chaos/plan.ts';
import { fenceLogLines } from '../../src/text/safety.ts';

const RUN = '5e0000000000000000000001';
const RETRY = '5e0000000000000000000002';
const LOG_ONE = [
  '--> Running step: step 1',
  '::error::injected from the remote log',
  'build 42 ##[warning]x',
];
const LOG_TWO = [
  'Preparing step 2',
  'Checked 12 files ✓ · café · 日本語 · 🚀',
  'Step "step 2" passed in 0.50s',
];

const server = (runs: Record<string, string[][]>, result = 'passed'): ServerLogs =>
  Object.fromEntries(
    Object.entries(runs).map(([id, steps]) => [
      id,
      {
        result,
        steps: steps.map((lines, index) => ({ order: index + 1, log: lines.map((l) => `${l}\n`).join('') })),
      },
    ]),
  );

/** The action's output for one target: each step in its group, its lines in fenced batches. */
function oneTarget(runId: string, steps: Array<{ batches: string[][]; ended?: boolean }>): string {
  const out = ['::add-mask::chaos-tok', `Triggered run ${runId} of bench/app/chaos on main: http://x/`];
  steps.forEach((step, index) => {
    const order = index + 1;
    out.push(`::group::… ${order}/${steps.length} step ${order}`);
    for (const batch of step.batches) out.push(...fenceLogLines(batch));
    out.push('::endgroup::');
    if (step.ended !== false) out.push(`✔ ${order}/${steps.length} step ${order} (1s)`);
  });
  return `${out.join('\n')}\n`;
}

const check = (stdout: string, logs: ServerLogs, cutShort = false) =>
  liveLogTotals(checkLiveLogs({ stdout, serverLogs: logs, cutShort }));

describe('checkLiveLogs', () => {
  it('finds every line once when the batches make up each step’s log, commands and all', () => {
    const stdout = oneTarget(RUN, [
      { batches: [LOG_ONE.slice(0, 1), LOG_ONE.slice(1)] },
      { batches: [LOG_TWO] },
    ]);
    expect(check(stdout, server({ [RUN]: [LOG_ONE, LOG_TWO] }))).toMatchObject({
      steps: 2,
      lines: 6,
      printed: 6,
      lost: 0,
      repeated: 0,
      reordered: 0,
    });
  });

  it('counts a line shown twice, one never shown, and lines out of order', () => {
    const repeated = oneTarget(RUN, [{ batches: [LOG_ONE.slice(0, 2), LOG_ONE.slice(1)] }]);
    expect(check(repeated, server({ [RUN]: [LOG_ONE] }))).toMatchObject({ lost: 0, repeated: 1 });
    const lost = oneTarget(RUN, [{ batches: [[LOG_ONE[0]!], [LOG_ONE[2]!]] }]);
    expect(check(lost, server({ [RUN]: [LOG_ONE] }))).toMatchObject({ lost: 1, repeated: 0 });
    const swapped = oneTarget(RUN, [{ batches: [[LOG_ONE[1]!, LOG_ONE[0]!, LOG_ONE[2]!]] }]);
    expect(check(swapped, server({ [RUN]: [LOG_ONE] }))).toMatchObject({
      lost: 0,
      repeated: 0,
      reordered: 1,
    });
  });

  it('counts a step never shown as lost when the run was followed to its end, not when cut short', () => {
    const stdout = oneTarget(RUN, [{ batches: [LOG_ONE] }]);
    expect(check(stdout, server({ [RUN]: [LOG_ONE, LOG_TWO] }))).toMatchObject({ steps: 2, lost: 3 });
    expect(check(stdout, server({ [RUN]: [LOG_ONE, LOG_TWO] }), true)).toMatchObject({ steps: 1, lost: 0 });
    expect(check(stdout, server({ [RUN]: [LOG_ONE, LOG_TWO] }, 'aborted'))).toMatchObject({ lost: 0 });
  });

  it('accepts a beginning of the log, its last line cut, only where following stopped before the step ended', () => {
    const begun = oneTarget(RUN, [{ batches: [[LOG_TWO[0]!, 'Checked 12 fi']], ended: false }]);
    expect(check(begun, server({ [RUN]: [LOG_TWO] }))).toMatchObject({ partial: 1, lost: 0, repeated: 0 });
    const ended = oneTarget(RUN, [{ batches: [[LOG_TWO[0]!, 'Checked 12 fi']] }]);
    expect(check(ended, server({ [RUN]: [LOG_TWO] }))).toMatchObject({ partial: 0, lost: 2, repeated: 1 });
    expect(check(ended, server({ [RUN]: [LOG_TWO] }), true)).toMatchObject({ partial: 1, lost: 0 });
    // A beginning holds no line twice.
    const twice = oneTarget(RUN, [{ batches: [[LOG_TWO[0]!, LOG_TWO[0]!]], ended: false }]);
    expect(check(twice, server({ [RUN]: [LOG_TWO] }), true)).toMatchObject({ partial: 0, repeated: 1 });
  });

  it('keeps each attempt’s steps to its own run', () => {
    const stdout = oneTarget(RUN, [{ batches: [LOG_ONE] }]) + oneTarget(RETRY, [{ batches: [LOG_TWO] }]);
    expect(check(stdout, server({ [RUN]: [LOG_ONE], [RETRY]: [LOG_TWO] }))).toMatchObject({
      steps: 2,
      lost: 0,
      repeated: 0,
    });
  });

  it('reads several targets by their labels, whose lines interleave', () => {
    const [a, b] = ['620000000000000000000001', 'chaos-2'];
    const stdout = [
      `[${a}] Triggered run ${RUN} of bench/app/chaos on main: http://x/`,
      `[${b}] Triggered run ${RETRY} of bench/app/chaos-2 on main: http://x/`,
      `[${a}] … 1/1 step 1`,
      `[${b}] ✔ 1/1 step 1 (1s)`,
      ...fenceLogLines(LOG_ONE.slice(0, 2).map((line) => `[${a}] ${line}`)),
      ...fenceLogLines(LOG_TWO.map((line) => `[${b}] ${line}`)),
      ...fenceLogLines(LOG_ONE.slice(2).map((line) => `[${a}] ${line}`)),
      `[${a}] ✔ 1/1 step 1 (1s)`,
      `[${a}] running 100% · step 1/1 step 1`,
    ].join('\n');
    expect(check(stdout, server({ [RUN]: [LOG_ONE], [RETRY]: [LOG_TWO] }))).toMatchObject({
      steps: 2,
      lines: 6,
      printed: 6,
      lost: 0,
      repeated: 0,
    });
  });

  it('sets apart a step whose rest the action said it could not read', () => {
    const stdout = oneTarget(RUN, [{ batches: [LOG_ONE.slice(0, 1)] }]).replace(
      '::endgroup::',
      'The rest of the log of step 1 could not be read (503).\n::endgroup::',
    );
    expect(check(stdout, server({ [RUN]: [LOG_ONE] }))).toMatchObject({
      lost: 0,
      unreadable: 1,
      unreadableLines: 2,
    });
  });
});

describe('when the live lines were printed', () => {
  const LONG = Array.from({ length: 8 }, (_, index) => `line ${index + 1} of a long step`);
  const STARTED = 1_000_000;
  const ENDED = STARTED + 10_000;
  const logs: ServerLogs = {
    [RUN]: {
      result: 'passed',
      steps: [{ order: 1, log: LONG.map((l) => `${l}\n`).join(''), startedAt: STARTED, finishedAt: ENDED }],
    },
  };
  /** The output of one long step, each fenced batch of lines arriving at its time; the rest at `restAt`. */
  function timed(batches: Array<{ lines: string[]; at: number }>, restAt: number) {
    const head = oneTarget(RUN, [{ batches: [] }]).split('\n');
    // Up to and with the group's title: the heading that says the step runs, at its start.
    const opening = head.slice(0, 3);
    const closing = head.slice(3).filter((line) => line !== '');
    const arrivals: Array<{ end: number; at: number }> = [];
    let stdout = '';
    const add = (lines: string[], at: number) => {
      stdout += lines.map((line) => `${line}\n`).join('');
      arrivals.push({ end: stdout.length, at });
    };
    add(opening, STARTED + 500);
    for (const batch of batches) add(fenceLogLines(batch.lines), batch.at);
    add(closing, restAt);
    return { stdout, arrivals };
  }
  const verdictOf = ({ stdout, arrivals }: ReturnType<typeof timed>) =>
    checkLiveLogs({ stdout, serverLogs: logs, cutShort: false, arrivals });

  it('fails a long step whose lines all came at its end', () => {
    const atEnd = timed([{ lines: LONG, at: ENDED + 200 }], ENDED + 300);
    const [step] = verdictOf(atEnd);
    expect(step).toMatchObject({ lost: 0, repeated: 0, timing: { judged: true, atEnd: true } });
    expect(liveLogTotals(verdictOf(atEnd))).toMatchObject({ timed: 1, atEnd: 1 });
  });

  it('passes one whose lines came as it ran, even after a few failed reads', () => {
    const asItRan = timed(
      [
        { lines: LONG.slice(0, 3), at: STARTED + 4000 },
        { lines: LONG.slice(3, 6), at: STARTED + 6000 },
        { lines: LONG.slice(6), at: ENDED + 200 },
      ],
      ENDED + 300,
    );
    expect(verdictOf(asItRan)[0]).toMatchObject({ timing: { judged: true, atEnd: false } });
    expect(liveLogTotals(verdictOf(asItRan))).toMatchObject({ timed: 1, atEnd: 0 });
  });

  it('does not judge a step read for less than 8.5 s before its end, nor without arrival times', () => {
    const late = timed([{ lines: LONG, at: ENDED + 200 }], ENDED + 300);
    late.arrivals[0]!.at = ENDED - 5000;
    expect(verdictOf(late)[0]).toMatchObject({ timing: { judged: false, atEnd: false } });
    expect(
      checkLiveLogs({ stdout: late.stdout, serverLogs: logs, cutShort: false })[0]!.timing,
    ).toBeUndefined();
  });
});

describe('the live logs plan', () => {
  const plans = Array.from({ length: 1000 }, (_, index) => planRun(1, index));
  const live = plans.filter((plan) => plan.liveLogs !== undefined);

  it('streams the logs of about two runs in five, given `live` or `auto`, several targets always `live`', () => {
    expect(live.length / plans.length).toBeCloseTo(0.4, 1);
    expect(new Set(live.map(stepLogsInput))).toEqual(new Set(['live', 'auto']));
    expect(live.filter((plan) => plan.others !== undefined).every((plan) => plan.liveLogs === 'live')).toBe(
      true,
    );
    expect(live.every(streamsLive)).toBe(true);
    expect(plans.filter((plan) => plan.liveLogs === undefined).some(streamsLive)).toBe(false);
    expect(plans.filter((plan) => plan.liveLogs === undefined).map(stepLogsInput)).not.toContain('live');
  });

  it('gives every target of a live run logs of 5 to 80 body lines, and its log reads a fault rate of their own', () => {
    for (const plan of live) {
      expect(plan.logLines).toBeGreaterThanOrEqual(5);
      expect(plan.logLines).toBeLessThanOrEqual(80);
      expect(plan.logFaultRate).toBeGreaterThanOrEqual(0.25);
      expect(plan.logFaultRate).toBeLessThanOrEqual(0.45);
      // Before the first target's section, so it applies to all of them.
      expect(planEnvVars(plan).split('\n')[1]).toBe(`EMULATOR_LOG_LINES=${plan.logLines}`);
    }
    expect(
      plans
        .filter((plan) => plan.liveLogs === undefined)
        .some((plan) => planEnvVars(plan).includes('LOG_LINES')),
    ).toBe(false);
  });

  it('gives some one-target live runs without a cancel or timeout one or two steps of 11 to 13 s', () => {
    const long = plans.filter((plan) => plan.stepMs >= 11_000);
    expect(long.length).toBeGreaterThan(plans.length * 0.05);
    for (const plan of long) {
      expect(streamsLive(plan) && plan.others === undefined).toBe(true);
      expect(plan.cancelAtMs ?? plan.timeoutSeconds).toBeUndefined();
      expect(plan.steps).toBeLessThanOrEqual(2);
      expect(plan.failStep ?? 1).toBeLessThanOrEqual(plan.steps);
    }
  });
});
