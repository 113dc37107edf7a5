// Markdown tables for the polling simulation.
import { createPollPolicy, defaultAutoTuning } from '../../src/core/polling.ts';
import type { CorpusOptions, RunTimeline } from './corpus.ts';
import { evenRun, makeCorpus } from './corpus.ts';
import type { PolicyFactory, RunOutcome, Summary } from './simulate.ts';
import { simulate, summarise } from './simulate.ts';

interface NamedPolicy {
  name: string;
  factory: PolicyFactory;
}

const FIXED_INTERVALS_MS = [5000, 10_000, 15_000, 30_000, 60_000];

function standardPolicies(): NamedPolicy[] {
  return [
    { name: 'auto', factory: ({ history }) => createPollPolicy({ interval: 'auto', history }) },
    ...FIXED_INTERVALS_MS.map((fixedMs) => ({
      name: `fixed ${fixedMs / 1000} s`,
      factory: () => createPollPolicy({ interval: { fixedMs } }),
    })),
  ];
}

interface Slice {
  label: string;
  keep: (timeline: RunTimeline) => boolean;
}

const SHORT_RUNS: Slice = { label: '10 s – 1 min', keep: (t) => t.durationMs < 60_000 };

const BANDS: Slice[] = [
  SHORT_RUNS,
  { label: '1 – 5 min', keep: (t) => t.durationMs >= 60_000 && t.durationMs < 300_000 },
  { label: '5 – 20 min', keep: (t) => t.durationMs >= 300_000 && t.durationMs < 1_200_000 },
  { label: '20 min – 2 h', keep: (t) => t.durationMs >= 1_200_000 },
];

const HISTORY: Slice[] = [
  { label: 'with history', keep: (t) => t.history.length > 0 },
  { label: 'without history', keep: (t) => t.history.length === 0 },
];

const OUTCOME: Slice[] = [
  { label: 'passed', keep: (t) => !t.failed },
  { label: 'failed (ends early)', keep: (t) => t.failed },
];

const INFORMATION: Slice[] = [
  { label: 'history and progress', keep: (t) => t.history.length > 0 && (t.progressShown || t.stepsShown) },
  { label: 'history only', keep: (t) => t.history.length > 0 && !t.progressShown && !t.stepsShown },
  { label: 'progress only', keep: (t) => t.history.length === 0 && (t.progressShown || t.stepsShown) },
  { label: 'nothing', keep: (t) => t.history.length === 0 && !t.progressShown && !t.stepsShown },
];

const TABLE_DURATIONS_MS = [10_000, 60_000, 300_000, 1_200_000, 3_600_000, 7_200_000];

export interface Report {
  markdown: string;
  /** Whole-corpus summary per policy name. */
  overall: Map<string, Summary>;
}

export interface ReportOptions {
  policies?: NamedPolicy[];
  /** Also run `auto` at other request prices (slower). Default true. */
  tradeOff?: boolean;
}

const TRADE_OFF_BUDGETS = [0.02, 0.05, 0.1, 0.2, defaultAutoTuning.budget, 1];

export function buildReport(seed: number, runs: number, options: ReportOptions = {}): Report {
  const policies = options.policies ?? standardPolicies();
  const corpus = makeCorpus(seed, runs);
  const outcomes = new Map(policies.map((p) => [p.name, corpus.map((t) => simulate(p.factory, t))]));
  const overall = new Map([...outcomes].map(([name, list]) => [name, summarise(list)]));
  const lines: string[] = [];
  lines.push(`Corpus: ${runs} runs, seed ${seed}. Detection = finishedAt → answer that says finished.`, '');
  lines.push('### Whole corpus', '', ...overallTable(overall), '');
  lines.push(...goalLines(outcomes, overall), '');
  lines.push('### With and without history', '', ...slicedTable(outcomes, HISTORY), '');
  lines.push('### By what the run tells', '', ...slicedTable(outcomes, INFORMATION), '');
  lines.push('### By run duration', '', ...slicedTable(outcomes, BANDS), '');
  lines.push('### Passed and failed runs', '', ...slicedTable(outcomes, OUTCOME), '');
  lines.push('### Short runs with no history', '', ...shortRunTable(policies), '');
  lines.push(
    '### Requests per run by run duration',
    '',
    ...durationTable(seed, Math.max(10, Math.round(runs / 5)), policies),
  );
  if (options.tradeOff !== false) {
    lines.push('', '### What `auto` trades', '', ...tradeOffTable(corpus, overall));
    lines.push(
      '',
      '### What the goal needs',
      '',
      ...sensitivityTable(seed, Math.max(20, Math.round(runs / 2))),
    );
  }
  return { markdown: lines.join('\n'), overall };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function overallTable(overall: Map<string, Summary>): string[] {
  const rows = [
    '| policy | mean detection | p95 detection | mean requests per run |',
    '|---|---:|---:|---:|',
  ];
  for (const [name, s] of overall) {
    rows.push(
      `| ${name} | ${seconds(s.meanDetectionMs)} | ${seconds(s.p95DetectionMs)} | ${s.meanRequests.toFixed(1)} |`,
    );
  }
  return rows;
}

function goalLines(outcomes: Map<string, RunOutcome[]>, overall: Map<string, Summary>): string[] {
  const auto = overall.get('auto');
  const fast = overall.get('fixed 5 s');
  const cheap = overall.get('fixed 30 s');
  if (!auto || !fast || !cheap) return [];
  const short = (name: string) =>
    summarise((outcomes.get(name) ?? []).filter((o) => SHORT_RUNS.keep(o.timeline)));
  const [shortAuto, shortFast] = [short('auto'), short('fixed 5 s')];
  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  return [
    `Goal: mean detection below fixed 5 s (${seconds(fast.meanDetectionMs)}): ` +
      `auto ${seconds(auto.meanDetectionMs)}, ${verdict(auto.meanDetectionMs < fast.meanDetectionMs)}.`,
    `Goal: mean detection of runs under 1 min at most fixed 5 s's (${seconds(shortFast.meanDetectionMs)}): ` +
      `auto ${seconds(shortAuto.meanDetectionMs)}, ${verdict(shortAuto.meanDetectionMs <= shortFast.meanDetectionMs)}.`,
    `Goal: mean requests at most fixed 30 s (${cheap.meanRequests.toFixed(1)}): ` +
      `auto ${auto.meanRequests.toFixed(1)}, ${verdict(auto.meanRequests <= cheap.meanRequests)}.`,
  ];
}

function slicedTable(outcomes: Map<string, RunOutcome[]>, slices: Slice[]): string[] {
  const header = ['| policy', ...slices.map((s) => ` ${s.label}`)].join(' |') + ' |';
  const rows = [header, `|---|${slices.map(() => '---:').join('|')}|`];
  for (const [name, list] of outcomes) {
    const cells = slices.map((slice) => {
      const s = summarise(list.filter((o) => slice.keep(o.timeline)));
      if (s.runs === 0) return ' –';
      return ` ${seconds(s.meanDetectionMs)} / ${seconds(s.p95DetectionMs)} / ${s.meanRequests.toFixed(1)}`;
    });
    rows.push(`| ${name} |${cells.join(' |')} |`);
  }
  const counts = slices.map((slice) => {
    const any = outcomes.values().next().value ?? [];
    return ` n = ${any.filter((o) => slice.keep(o.timeline)).length}`;
  });
  rows.push(`| runs |${counts.join(' |')} |`);
  rows.push('', 'Each cell: mean detection / p95 detection / mean requests per run.');
  return rows;
}

function durationTable(seed: number, perDuration: number, policies: NamedPolicy[]): string[] {
  const label = (ms: number) =>
    ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;
  const rows = [
    `| policy | ${TABLE_DURATIONS_MS.map(label).join(' | ')} |`,
    `|---|${TABLE_DURATIONS_MS.map(() => '---:').join('|')}|`,
  ];
  const corpora = TABLE_DURATIONS_MS.map((durationMs) =>
    makeCorpus(seed + durationMs, perDuration, { durationMs }),
  );
  for (const policy of policies) {
    const cells = corpora.map((corpus) => {
      const s = summarise(corpus.map((t) => simulate(policy.factory, t)));
      return `${s.meanRequests.toFixed(1)} (${seconds(s.meanDetectionMs)})`;
    });
    rows.push(`| ${policy.name} | ${cells.join(' | ')} |`);
  }
  rows.push(
    '',
    `Each cell: mean requests per run (mean detection), over ${perDuration} runs of about that duration (±10 %) ` +
      'with the corpus mix of queues, steps, progress and history.',
  );
  return rows;
}

const SHORT_RUN_DURATIONS_MS = [6000, 10_000, 20_000, 30_000];
const SHORT_RUN_SAMPLES = 25;

/** Runs of a few seconds with no history, like the emulator's, with and without progress. */
function shortRunTable(policies: NamedPolicy[]): string[] {
  const columns = [true, false].flatMap((progressShown) =>
    SHORT_RUN_DURATIONS_MS.map((durationMs) => ({ durationMs, progressShown })),
  );
  const rows = [
    `| policy | ${columns.map((c) => `${c.durationMs / 1000} s, ${c.progressShown ? 'progress' : 'no progress'}`).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
  ];
  for (const policy of policies) {
    const cells = columns.map(({ durationMs, progressShown }) => {
      // ±10 % around the duration, each run with its own request latencies.
      const runs = Array.from({ length: SHORT_RUN_SAMPLES }, (_, i) =>
        evenRun(i + 1, durationMs * (0.9 + (0.2 * i) / (SHORT_RUN_SAMPLES - 1)), progressShown),
      );
      const s = summarise(runs.map((t) => simulate(policy.factory, t)));
      return `${seconds(s.meanDetectionMs)} (${s.meanRequests.toFixed(1)})`;
    });
    rows.push(`| ${policy.name} | ${cells.join(' | ')} |`);
  }
  rows.push(
    '',
    `Each cell: mean detection (mean requests per run) over ${SHORT_RUN_SAMPLES} runs within ±10 % of the duration: ` +
      'a 1 s queue, five equal steps that pass, no history; progress shown, or null throughout.',
  );
  return rows;
}

function tradeOffTable(corpus: RunTimeline[], overall: Map<string, Summary>): string[] {
  const rows = [
    '| price of a request (`budget`) | mean detection | p95 detection | mean requests per run |',
    '|---|---:|---:|---:|',
  ];
  for (const budget of TRADE_OFF_BUDGETS) {
    const s = summarise(corpus.map((t) => simulate(autoWithBudget(budget), t)));
    const marker = budget === defaultAutoTuning.budget ? ' (default)' : '';
    rows.push(
      `| ${budget} s${marker} | ${seconds(s.meanDetectionMs)} | ${seconds(s.p95DetectionMs)} | ${s.meanRequests.toFixed(1)} |`,
    );
  }
  const fast = overall.get('fixed 5 s');
  const cheap = overall.get('fixed 30 s');
  if (fast && cheap) {
    rows.push(
      '',
      `For comparison: fixed 5 s ${seconds(fast.meanDetectionMs)} with ${fast.meanRequests.toFixed(1)} requests, ` +
        `fixed 30 s ${seconds(cheap.meanDetectionMs)} with ${cheap.meanRequests.toFixed(1)}.`,
    );
  }
  return rows;
}

interface CorpusVariant {
  label: string;
  options: CorpusOptions;
}

const IDEAL_HISTORY: CorpusOptions = { failureRate: 0, outlierRate: 0, historyRate: 1 };

const CORPUS_VARIANTS: CorpusVariant[] = [
  { label: 'the corpus above (its first half)', options: {} },
  { label: 'no failures', options: { failureRate: 0 } },
  { label: 'no failures, history for every run, no outliers', options: IDEAL_HISTORY },
  { label: '… and run-to-run spread of 2–5 %', options: { ...IDEAL_HISTORY, spread: [0.02, 0.05] } },
  {
    label: '… and progress and step count always shown',
    options: { ...IDEAL_HISTORY, spread: [0.02, 0.05], nullProgressRate: 0, stepsRate: 1 },
  },
];

const SENSITIVITY_BUDGETS = [1, defaultAutoTuning.budget, 0.3, 0.2, 0.15, 0.1, 0.07, 0.05];

/** `auto` at another price of a request; the price before the start keeps its ratio to it. */
function autoWithBudget(budget: number): PolicyFactory {
  const waitingBudget = (budget * defaultAutoTuning.waitingBudget) / defaultAutoTuning.budget;
  return ({ history }) => createPollPolicy({ interval: 'auto', history, tuning: { budget, waitingBudget } });
}

/**
 * The same measurement on kinder corpora: for each, `auto` with the lowest price of a request (from a
 * fixed list) that still sends no more requests than fixed 30 s, against fixed 5 s's detection.
 */
function sensitivityTable(seed: number, runs: number): string[] {
  const rows = [
    '| corpus | fixed 5 s mean detection | fixed 30 s requests | auto at most as many requests: budget, mean detection, requests | goal |',
    '|---|---:|---:|---:|---|',
  ];
  for (const variant of CORPUS_VARIANTS) {
    const corpus = makeCorpus(seed, runs, variant.options);
    const run = (factory: PolicyFactory) => summarise(corpus.map((t) => simulate(factory, t)));
    const fast = run(() => createPollPolicy({ interval: { fixedMs: 5000 } }));
    const cheap = run(() => createPollPolicy({ interval: { fixedMs: 30_000 } }));
    let chosen: { budget: number; summary: Summary } | undefined;
    for (const budget of SENSITIVITY_BUDGETS) {
      const summary = run(autoWithBudget(budget));
      if (summary.meanRequests > cheap.meanRequests) break;
      chosen = { budget, summary };
    }
    const autoCell = chosen
      ? `${chosen.budget} s, ${seconds(chosen.summary.meanDetectionMs)}, ${chosen.summary.meanRequests.toFixed(1)}`
      : '–';
    const met = chosen !== undefined && chosen.summary.meanDetectionMs < fast.meanDetectionMs;
    rows.push(
      `| ${variant.label} | ${seconds(fast.meanDetectionMs)} | ${cheap.meanRequests.toFixed(1)} | ${autoCell} | ${met ? 'met' : 'missed'} |`,
    );
  }
  rows.push('', `Each row: ${runs} runs drawn with the same seed; only the named features change.`);
  return rows;
}
