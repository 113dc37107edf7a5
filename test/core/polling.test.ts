import { describe, expect, it } from 'vitest';
import type { Observation, PollPolicy } from '../../src/core/polling.ts';
import { createPollPolicy } from '../../src/core/polling.ts';

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const MIN = 60_000;

/** Feeds a policy answers as a follower would: each answer arrives `delay` (+ 100 ms) after the last. */
function follow(policy: PollPolicy, state: (sinceTrigger: number) => Omit<Observation, 'at'>, until: number) {
  const polls: { at: number; delay: number; state: Omit<Observation, 'at'> }[] = [];
  let t = 0;
  while (t < until) {
    const s = state(t);
    if (s.status === 'finished') {
      polls.push({ at: t, delay: 0, state: s });
      break;
    }
    const delay = policy.nextDelay({ ...s, at: T0 + t });
    polls.push({ at: t, delay, state: s });
    t += delay + 100;
  }
  return polls;
}

/** A run that queues for `queue` ms, then runs `steps` equal steps over `duration` ms. */
function run(queue: number, duration: number, steps = 7, showProgress = true) {
  return (t: number): Omit<Observation, 'at'> => {
    if (t < queue) return { status: 'notstarted', createdAt: T0 };
    const since = t - queue;
    if (since >= duration) return { status: 'finished', createdAt: T0, startedAt: T0 + queue, progress: 100 };
    const done = Math.floor((since / duration) * steps);
    return {
      status: 'running',
      createdAt: T0,
      startedAt: T0 + queue,
      ...(showProgress ? { progress: Math.floor((100 * done) / steps) } : {}),
    };
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

const auto = (history: number[] = [], extra: { minMs?: number; maxMs?: number } = {}) =>
  createPollPolicy({ interval: 'auto', history, ...extra });

describe('fixed interval', () => {
  it('always returns the interval', () => {
    const policy = createPollPolicy({ interval: { fixedMs: 15_000 } });
    const delays = follow(policy, run(5000, 600_000), 300_000).map((p) => p.delay);
    expect(new Set(delays)).toEqual(new Set([15_000]));
  });

  it('never goes below the floor', () => {
    expect(createPollPolicy({ interval: { fixedMs: 200 } }).nextDelay({ at: T0, status: 'running' })).toBe(
      1000,
    );
    expect(
      createPollPolicy({ interval: { fixedMs: 2000 }, minMs: 5000 }).nextDelay({ at: T0, status: 'running' }),
    ).toBe(5000);
  });
});

describe('auto: bounds', () => {
  it('stays within the floor and the ceiling, whatever it is shown', () => {
    const policy = auto([400_000, 420_000, 380_000]);
    const weird: Omit<Observation, 'at'>[] = [
      { status: 'notstarted' },
      { status: 'pendingapproval' },
      { status: 'unknown', createdAt: T0 },
      { status: 'running', startedAt: T0 + 3000, progress: Number.NaN },
      { status: 'running', startedAt: T0 + 3000, progress: 250 },
      { status: 'running', startedAt: T0 + 3000, progress: -4, currentStep: 9, totalSteps: 3 },
      { status: 'started', startedAt: Number.NaN },
      { status: 'running', startedAt: T0 + 10 * 3600_000 },
      { status: 'running', startedAt: T0 - 30 * 24 * 3600_000, progress: 50 },
    ];
    let at = T0;
    for (let i = 0; i < 400; i += 1) {
      const delay = policy.nextDelay({ ...weird[i % weird.length]!, at });
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(MIN);
      expect(Number.isInteger(delay)).toBe(true);
      at += (i % 7 === 3 ? -5000 : delay) + 100;
    }
  });

  it('honours a custom floor and ceiling', () => {
    const polls = follow(auto([], { minMs: 3000, maxMs: 20_000 }), run(2000, 3600_000, 7, false), 3000_000);
    for (const { delay } of polls) {
      expect(delay).toBeGreaterThanOrEqual(3000);
      expect(delay).toBeLessThanOrEqual(20_000);
    }
    expect(polls.at(-1)!.delay).toBe(20_000);
  });
});

describe('auto: pacing', () => {
  it('polls quickly right after the trigger and at the start of a run', () => {
    // Even when the history says the run takes an hour, the first polls come within seconds.
    for (const history of [[], [3600_000, 3500_000]]) {
      const polls = follow(auto(history), run(3000, 3600_000, 7, false), 20_000);
      expect(polls[0]!.delay).toBe(1000);
      expect(polls.filter((p) => p.at < 15_000).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('waits long when the history says the end is far, and polls densely near the predicted end', () => {
    const history = [1200_000, 1180_000, 1230_000, 1210_000, 1190_000];
    const polls = follow(auto(history), run(2000, 1_205_000, 7, false), 2_000_000);
    const delayAt = (ms: number) => polls.filter((p) => p.at <= ms).at(-1)!.delay;
    expect(delayAt(300_000)).toBe(MIN);
    expect(delayAt(1_195_000)).toBeLessThanOrEqual(12_000);
    const nearEnd = polls.filter((p) => p.at > 1_100_000 && p.at < 1_207_000).length;
    const middle = polls.filter((p) => p.at > 400_000 && p.at < 507_000).length;
    expect(nearEnd).toBeGreaterThan(3 * middle);
  });

  it('sees a short run with no history soon after it ends', () => {
    // A 1 s queue, then five steps. With progress the steps pace the polls; without it, only the
    // time since the trigger does, and requests are cheap in the first minutes.
    const durations = [4000, 6000, 8000, 10_000, 15_000, 20_000, 30_000, 45_000];
    const lateness = (duration: number, showProgress: boolean) => {
      const seen = follow(auto(), run(1000, duration, 5, showProgress), 200_000).at(-1)!;
      expect(seen.state.status).toBe('finished');
      return seen.at - 1000 - duration;
    };
    const withProgress = durations.map((duration) => lateness(duration, true));
    const without = durations.map((duration) => lateness(duration, false));
    expect(Math.max(...withProgress)).toBeLessThanOrEqual(2500);
    expect(mean(withProgress)).toBeLessThanOrEqual(1000);
    expect(Math.max(...without)).toBeLessThanOrEqual(9000);
    expect(mean(without)).toBeLessThanOrEqual(4000);
    // About 6 s with nothing to go by: seen within 2.5 s, with no more polls than a 5 s poller.
    const sixSeconds = follow(auto(), run(1000, 6000, 5, false), 60_000);
    expect(sixSeconds.at(-1)!.at - 7000).toBeLessThanOrEqual(2500);
    expect(sixSeconds.length).toBeLessThanOrEqual(4);
  });

  it('watches for an early failure even when the history says the end is far', () => {
    // The pipeline's runs take 20 minutes; this one fails after 40 s.
    const history = [1200_000, 1180_000, 1230_000];
    const polls = follow(auto(history), run(2000, 40_000, 7, false), 400_000);
    expect(polls.at(-1)!.state.status).toBe('finished');
    expect(polls.at(-1)!.at - 42_000).toBeLessThanOrEqual(15_000);
    expect(polls.length).toBeLessThanOrEqual(8);
  });

  it('polls more densely once the last step is running', () => {
    const policy = auto();
    const start = T0 + 2000;
    const base = { status: 'running', createdAt: T0, startedAt: start } as const;
    // Seven steps of about 100 s: progress 14 after the first, 85 after the sixth.
    policy.nextDelay({ ...base, at: start + 95_000, progress: 0 });
    const second = policy.nextDelay({ ...base, at: start + 105_000, progress: 14 });
    const other = auto();
    other.nextDelay({ ...base, at: start + 595_000, progress: 71 });
    const last = other.nextDelay({ ...base, at: start + 605_000, progress: 85 });
    const lastLater = other.nextDelay({ ...base, at: start + 690_000, progress: 85 });
    expect(last).toBeGreaterThan(lastLater);
    expect(lastLater).toBeLessThan(second);
    expect(lastLater).toBeLessThanOrEqual(10_000);
  });

  it('uses the current step and the step count when progress is null', () => {
    const policy = auto();
    const base = { status: 'running', createdAt: T0, startedAt: T0 } as const;
    policy.nextDelay({ ...base, at: T0 + 295_000, currentStep: 3, totalSteps: 4 });
    policy.nextDelay({ ...base, at: T0 + 305_000, currentStep: 4, totalSteps: 4 });
    const nearEnd = policy.nextDelay({ ...base, at: T0 + 395_000, currentStep: 4, totalSteps: 4 });
    expect(nearEnd).toBeLessThanOrEqual(10_000);
  });

  it('copes with progress that stays null: it backs off as the run ages', () => {
    const polls = follow(auto(), run(2000, 7200_000, 7, false), 7000_000);
    const early = polls.find((p) => p.at > 60_000)!.delay;
    const late = polls.find((p) => p.at > 3600_000)!.delay;
    expect(late).toBeGreaterThan(early);
    expect(late).toBeGreaterThanOrEqual(20_000);
  });

  it('backs off when progress stalls', () => {
    const policy = auto();
    const base = { status: 'running', createdAt: T0, startedAt: T0 } as const;
    policy.nextDelay({ ...base, at: T0 + 55_000, progress: 71 });
    policy.nextDelay({ ...base, at: T0 + 65_000, progress: 85 });
    let at = T0 + 70_000;
    let delay = 0;
    while (at < T0 + 3600_000) {
      delay = policy.nextDelay({ ...base, at, progress: 85 });
      at += delay + 100;
    }
    expect(delay).toBeGreaterThanOrEqual(20_000);
  });

  it('backs off when the run lasts far longer than its history says', () => {
    const polls = follow(auto([60_000, 62_000, 58_000]), run(1000, 7200_000, 7, false), 3000_000);
    const nearPredictedEnd = polls.find((p) => p.at > 58_000)!.delay;
    expect(nearPredictedEnd).toBeLessThanOrEqual(5000);
    expect(polls.at(-1)!.delay).toBeGreaterThanOrEqual(20_000);
  });

  it('still polls often enough when the run is much shorter than its history says', () => {
    const polls = follow(auto([3600_000, 3500_000, 3700_000]), run(1000, 20_000, 3), 200_000);
    const seen = polls.at(-1)!;
    expect(seen.state.status).toBe('finished');
    // The run ends 21 s after the trigger; the finish is seen within the ceiling.
    expect(seen.at).toBeLessThan(21_000 + MIN + 200);
  });

  it('backs off towards the ceiling while approval is pending', () => {
    const policy = auto();
    const polls = follow(policy, () => ({ status: 'pendingapproval', createdAt: T0 }), 2 * 3600_000);
    const delays = polls.map((p) => p.delay);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[0]!).toBeLessThan(10_000);
    expect(delays.at(-1)).toBe(MIN);
    // An hour pending costs far fewer requests than a 30-second poller would send.
    expect(polls.filter((p) => p.at < 3600_000).length).toBeLessThan((120 * 2) / 3);
  });

  it('treats an unknown status without a start time as not yet running', () => {
    const policy = auto();
    const delay = policy.nextDelay({ at: T0, status: 'unknown', createdAt: T0 });
    expect(delay).toBeGreaterThanOrEqual(1000);
    expect(delay).toBeLessThanOrEqual(5000);
  });
});

describe('auto: reuse', () => {
  it('starts afresh when it is reused for the next run', () => {
    const history = [300_000, 310_000, 290_000];
    const reused = auto(history);
    const first = run(2000, 305_000, 5);
    let t = 0;
    while (first(t).status !== 'finished') t += reused.nextDelay({ ...first(t), at: T0 + t }) + 100;
    reused.nextDelay({ ...first(t), at: T0 + t });

    // The next run of the workflow, an hour later, on its own server times.
    const shift = 3600_000;
    const next = (since: number): Omit<Observation, 'at'> => {
      const s = run(3000, 200_000, 4)(since);
      return {
        ...s,
        createdAt: s.createdAt! + shift,
        ...(s.startedAt !== undefined ? { startedAt: s.startedAt + shift } : {}),
      };
    };
    const fresh = auto(history);
    let since = 0;
    for (let i = 0; i < 40 && next(since).status !== 'finished'; i += 1) {
      const expected = fresh.nextDelay({ ...next(since), at: T0 + shift + since });
      expect(reused.nextDelay({ ...next(since), at: T0 + shift + since })).toBe(expected);
      since += expected + 100;
    }
  });
});

describe('auto: clocks', () => {
  it('is not fooled by a wall clock that jumps forwards by hours', () => {
    const history = [600_000, 610_000, 590_000];
    const steady = auto(history);
    const jumped = auto(history);
    const base = { status: 'running', createdAt: T0, startedAt: T0 } as const;
    let at = T0 + 500_000;
    while (at < T0 + 570_000) {
      const delay = steady.nextDelay({ ...base, at });
      expect(jumped.nextDelay({ ...base, at })).toBe(delay);
      at += delay;
    }
    const expected = steady.nextDelay({ ...base, at });
    // The same answer, but the runner's clock says five more hours passed.
    const afterJump = jumped.nextDelay({ ...base, at: at + 5 * 3600_000 });
    expect(afterJump).toBe(expected);
    expect(afterJump).toBeLessThanOrEqual(10_000);
  });

  it('is not fooled by a wall clock that steps backwards', () => {
    const policy = auto([600_000]);
    const base = { status: 'running', createdAt: T0, startedAt: T0 } as const;
    policy.nextDelay({ ...base, at: T0 + 500_000 });
    const delay = policy.nextDelay({ ...base, at: T0 + 100_000 });
    expect(delay).toBeGreaterThanOrEqual(1000);
    expect(delay).toBeLessThanOrEqual(MIN);
  });

  it('keeps the start time within what its own polls saw when the server clock is off', () => {
    // The server's clock runs ten minutes ahead: startedAt looks like it lies in the future.
    const skewed = auto();
    const exact = auto();
    skewed.nextDelay({ at: T0, status: 'notstarted', createdAt: T0 + 600_000 });
    exact.nextDelay({ at: T0, status: 'notstarted', createdAt: T0 });
    const a = skewed.nextDelay({
      at: T0 + 3000,
      status: 'running',
      startedAt: T0 + 602_000,
      createdAt: T0 + 600_000,
    });
    const b = exact.nextDelay({ at: T0 + 3000, status: 'running', startedAt: T0 + 2000, createdAt: T0 });
    expect(Math.abs(a - b)).toBeLessThan(1000);
  });
});

describe('auto: determinism', () => {
  it('gives the same delays for the same answers', () => {
    const history = [300_000, 320_000, 290_000, 20_000];
    const a = follow(auto(history), run(4000, 305_000, 9), 400_000).map((p) => p.delay);
    const b = follow(auto(history), run(4000, 305_000, 9), 400_000).map((p) => p.delay);
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(5);
  });
});
