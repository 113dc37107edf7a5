import { describe, expect, it } from 'vitest';
import { buildReport } from '../../bench/polling/report.ts';
import { evenRun, makeCorpus, runStateAt, simulate, summarise } from '../../bench/polling/simulate.ts';
import { createPollPolicy } from '../../src/core/polling.ts';

const autoPolicy = ({ history }: { history: number[] }) => createPollPolicy({ interval: 'auto', history });
const fixed = (fixedMs: number) => () => createPollPolicy({ interval: { fixedMs } });

describe('polling simulation', () => {
  const corpus = makeCorpus(7, 80);

  it('draws the same corpus from the same seed, within the stated ranges', () => {
    expect(makeCorpus(7, 80)).toEqual(corpus);
    expect(makeCorpus(8, 80)).not.toEqual(corpus);
    for (const run of corpus) {
      expect(run.durationMs).toBeGreaterThanOrEqual(10_000);
      expect(run.durationMs).toBeLessThanOrEqual(2 * 3600_000);
      expect(run.totalSteps).toBeGreaterThanOrEqual(1);
      expect(run.totalSteps).toBeLessThanOrEqual(40);
      expect(run.stepEnds.at(-1)).toBe(run.durationMs);
      expect(run.queueMs).toBeGreaterThanOrEqual(run.approvalMs);
    }
    expect(corpus.some((run) => run.history.length === 0)).toBe(true);
    expect(corpus.some((run) => run.history.length > 0)).toBe(true);
    expect(corpus.some((run) => !run.progressShown)).toBe(true);
  });

  it('shows progress moving in steps and stopping below 100 on failure', () => {
    const run = {
      ...corpus[0]!,
      progressShown: true,
      failed: false,
      totalSteps: 4,
      approvalMs: 0,
      queueMs: 1000,
    };
    const passed = { ...run, durationMs: 40_000, stepEnds: [10_000, 20_000, 30_000, 40_000] };
    expect(runStateAt(passed, 500).status).toBe('notstarted');
    expect(runStateAt(passed, 1000 + 15_000)).toMatchObject({ status: 'running', progress: 25 });
    expect(runStateAt(passed, 1000 + 40_000)).toMatchObject({ status: 'finished', progress: 100 });
    const failed = { ...passed, failed: true, durationMs: 30_000, stepEnds: [10_000, 20_000, 30_000] };
    expect(runStateAt(failed, 1000 + 30_000)).toMatchObject({ status: 'finished', progress: 50 });
  });

  it('measures fixed pollers as expected: about half an interval late, one request per interval', () => {
    const outcomes = corpus.map((run) => simulate(fixed(5000), run));
    const summary = summarise(outcomes);
    expect(summary.meanDetectionMs).toBeGreaterThan(1500);
    expect(summary.meanDetectionMs).toBeLessThan(3600);
    expect(summary.p95DetectionMs).toBeLessThanOrEqual(5300);
    for (const o of outcomes) {
      const total = o.timeline.queueMs + o.timeline.durationMs;
      expect(o.requests).toBeGreaterThanOrEqual(Math.floor(total / 5150));
      expect(o.requests).toBeLessThanOrEqual(Math.ceil(total / 5050) + 1);
    }
  });

  it('sees every finish with auto, never later than the ceiling allows, with fewer requests than 5 s', () => {
    const outcomes = corpus.map((run) => simulate(autoPolicy, run));
    for (const o of outcomes) {
      expect(o.detectionMs).toBeGreaterThan(0);
      expect(o.detectionMs).toBeLessThanOrEqual(60_000 + 300);
      expect(o.requests).toBeGreaterThanOrEqual(1);
    }
    const auto = summarise(outcomes);
    const every5s = summarise(corpus.map((run) => simulate(fixed(5000), run)));
    expect(auto.meanRequests).toBeLessThan(every5s.meanRequests);
    expect(Number.isFinite(auto.p95DetectionMs)).toBe(true);
  });

  it('sees a run of about 6 s with no history as soon as a 5 s poller does, or sooner', () => {
    for (const progressShown of [true, false]) {
      // 5.4 to 6.6 s, each with its own request latencies.
      const runs = Array.from({ length: 25 }, (_, i) => evenRun(i + 1, 5400 + 50 * i, progressShown));
      const auto = summarise(runs.map((run) => simulate(autoPolicy, run)));
      const every5s = summarise(runs.map((run) => simulate(fixed(5000), run)));
      expect(auto.meanDetectionMs).toBeLessThanOrEqual(every5s.meanDetectionMs);
      expect(auto.meanDetectionMs).toBeLessThanOrEqual(progressShown ? 1000 : 2500);
      // A handful of requests: the trigger's answer, the first quick polls, one or two near the end.
      expect(auto.meanRequests).toBeLessThanOrEqual(6);
    }
  });

  it('meets the short-run goal on the corpus of docs/polling.md, within the 30 s request budget', () => {
    // Seed 1, 1000 runs: the figures docs/polling.md quotes.
    const documented = makeCorpus(1, 1000);
    const under1min = documented.filter((run) => run.durationMs < 60_000);
    const shortAuto = summarise(under1min.map((run) => simulate(autoPolicy, run)));
    const short5s = summarise(under1min.map((run) => simulate(fixed(5000), run)));
    expect(shortAuto.meanDetectionMs).toBeLessThanOrEqual(short5s.meanDetectionMs);
    const auto = summarise(documented.map((run) => simulate(autoPolicy, run)));
    const every30s = summarise(documented.map((run) => simulate(fixed(30_000), run)));
    expect(auto.meanRequests).toBeLessThanOrEqual(every30s.meanRequests);
  }, 180_000);

  it('renders the report tables', () => {
    const report = buildReport(3, 30);
    expect(report.overall.get('auto')?.runs).toBe(30);
    expect(report.markdown).toContain('| auto |');
    expect(report.markdown).toContain('| fixed 60 s |');
    expect(report.markdown).toContain('Requests per run by run duration');
    expect(report.markdown).toContain('What the goal needs');
    expect(report.markdown).toContain('Short runs with no history');
    expect(report.markdown).toContain('Goal: mean detection of runs under 1 min');
  });
});
