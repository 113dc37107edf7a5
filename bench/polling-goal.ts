// Benchmark 1's goal, checked on the simulation's own corpus (same seed and size as its report):
// `auto` must detect finishes sooner on average than a fixed 5 s interval, with no more requests
// per run than a fixed 30 s interval. The verdict says by how much either way.
import { createPollPolicy } from '../src/core/polling.ts';
import { autoPolicy } from './finish-detection.ts';
import {
  makeCorpus,
  simulate,
  summarise,
  type PolicyFactory,
  type RunOutcome,
  type Summary,
} from './polling/simulate.ts';
import { ms } from './support/format.ts';
import { table } from './support/markdown.ts';

export interface PollingGoal {
  runs: number;
  seed: number;
  auto: Summary;
  fixed5: Summary;
  fixed30: Summary;
  /** The same for the runs under a minute. */
  short: { auto: Summary; fixed5: Summary };
}

const SHORT_RUN_MS = 60_000;

const fixed =
  (fixedMs: number): PolicyFactory =>
  () =>
    createPollPolicy({ interval: { fixedMs } });

export function checkPollingGoal(seed: number, runs: number): PollingGoal {
  const corpus = makeCorpus(seed, runs);
  const outcomes = (policy: PolicyFactory) => corpus.map((timeline) => simulate(policy, timeline));
  const [auto, fixed5] = [outcomes(autoPolicy), outcomes(fixed(5000))];
  const short = (list: RunOutcome[]) =>
    summarise(list.filter((outcome) => outcome.timeline.durationMs < SHORT_RUN_MS));
  return {
    runs,
    seed,
    auto: summarise(auto),
    fixed5: summarise(fixed5),
    fixed30: summarise(outcomes(fixed(30_000))),
    short: { auto: short(auto), fixed5: short(fixed5) },
  };
}

export function pollingGoalMarkdown(goal: PollingGoal): string {
  const latencyMet = goal.auto.meanDetectionMs < goal.fixed5.meanDetectionMs;
  const requestsMet = goal.auto.meanRequests <= goal.fixed30.meanRequests;
  const latencyGap = goal.auto.meanDetectionMs - goal.fixed5.meanDetectionMs;
  const requestGap = goal.auto.meanRequests - goal.fixed30.meanRequests;
  const rows = [
    [
      'mean detection below fixed 5 s',
      ms(goal.auto.meanDetectionMs),
      `${ms(goal.fixed5.meanDetectionMs)} (fixed 5 s)`,
      latencyMet
        ? `met, ${ms(-latencyGap)} sooner`
        : `missed by ${ms(latencyGap)} (${((100 * latencyGap) / goal.fixed5.meanDetectionMs).toFixed(0)} % later)`,
    ],
    shortRunRow(goal.short),
    [
      'requests per run at most fixed 30 s',
      goal.auto.meanRequests.toFixed(1),
      `${goal.fixed30.meanRequests.toFixed(1)} (fixed 30 s)`,
      requestsMet
        ? `met, ${(-requestGap).toFixed(1)} fewer`
        : `missed by ${requestGap.toFixed(1)} (${((100 * requestGap) / goal.fixed30.meanRequests).toFixed(0)} % more)`,
    ],
  ];
  return [
    table(['goal', '`auto`', 'reference', 'verdict'], rows),
    '',
    `Over the simulation's corpus of ${goal.runs} runs (seed ${goal.seed}), the same one its report above uses. ` +
      `Fixed 5 s for comparison sends ${goal.fixed5.meanRequests.toFixed(1)} requests per run; ` +
      `fixed 30 s detects in ${ms(goal.fixed30.meanDetectionMs)} on average.`,
  ].join('\n');
}

function shortRunRow(short: PollingGoal['short']): string[] {
  const gap = short.auto.meanDetectionMs - short.fixed5.meanDetectionMs;
  return [
    `mean detection of runs under 1 min at most fixed 5 s's (${short.auto.runs} runs)`,
    ms(short.auto.meanDetectionMs),
    `${ms(short.fixed5.meanDetectionMs)} (fixed 5 s)`,
    gap <= 0 ? `met, ${ms(-gap)} sooner` : `missed by ${ms(gap)}`,
  ];
}
