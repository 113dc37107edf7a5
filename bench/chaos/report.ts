// The chaos run's tables: what was injected, how the runs ended, and every check with its count.
import { ms } from '../support/format.ts';
import { table } from '../support/markdown.ts';
import { PROBLEM_KINDS, type Outcome, type Verdict } from './check.ts';
import { addTotals } from './check-live-logs.ts';
import { JUDGED_WINDOW_MS } from './check-live-timing.ts';
import { describePlan, streamsLive, type ChaosPlan } from './plan.ts';
import { FAULT_KINDS, isArtifactRead, isLogRead, type InjectedFault } from './proxy.ts';
import {
  githubCheckRows,
  githubMarkdown,
  githubProblemCount,
  githubProblems,
  type GitHubJudged,
  type GitHubTotals,
} from './report-github.ts';

export interface JudgedRun {
  plan: ChaosPlan;
  verdict: Verdict;
  faults: InjectedFault[];
  requests: number;
  /** Step log reads among the requests. */
  logReads: number;
  /** Reads of a step's artifacts among the requests. */
  artifactReads: number;
  mainMs: number;
  sigterm: boolean;
  sigkill: boolean;
  firstError?: string;
  /** The GitHub side, for runs that asked for reports. */
  github?: GitHubJudged;
}

export interface ChaosSummary {
  seed: number;
  planned: number;
  runs: JudgedRun[];
  concurrency: number;
  tookMs: number;
  stoppedEarly: boolean;
  command: string;
  /** The fake GitHub's figures, when the runs reported to one. */
  github?: GitHubTotals;
}

export function problemCount(summary: ChaosSummary): number {
  return (
    summary.runs.reduce((sum, run) => sum + run.verdict.problems.length, 0) +
    (summary.stoppedEarly ? 1 : 0) +
    githubProblemCount(summary.runs, summary.github)
  );
}

export function chaosMarkdown(summary: ChaosSummary): string {
  const { runs } = summary;
  const faults = runs.flatMap((run) => run.faults);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const lostTriggers = faults.filter(
    (fault) => fault.kind === 'lost response' && fault.method === 'POST' && /\/runs\/?$/.test(fault.path),
  ).length;
  const injected = table(
    ['fault', 'injected', 'share of requests'],
    [
      ...FAULT_KINDS.map((kind) => {
        const count = faults.filter((fault) => fault.kind === kind).length;
        return [kind, String(count), percent(count, requests)];
      }),
      ['all faults', String(faults.length), percent(faults.length, requests)],
    ],
  );
  const outcomes = new Map<Outcome, number>();
  for (const run of runs) outcomes.set(run.verdict.outcome, (outcomes.get(run.verdict.outcome) ?? 0) + 1);
  const outcomeTable = table(
    ['how the run ended', 'runs'],
    [...outcomes].sort((a, b) => b[1] - a[1]).map(([outcome, count]) => [outcome, String(count)]),
  );
  const checks = table(
    ['check', 'runs failing it'],
    [
      ...PROBLEM_KINDS.map((kind) => [
        kind,
        String(runs.filter((run) => run.verdict.problems.some((p) => p.kind === kind)).length),
      ]),
      ...githubCheckRows(runs, summary.github),
    ],
  );
  const cancelled = runs.filter((run) => run.plan.cancelAtMs !== undefined).length;
  const fanOut = runs.filter((run) => run.plan.others !== undefined);
  const fanOutTargets = fanOut.reduce((sum, run) => sum + 1 + run.plan.others!.length, 0);
  const failFast = fanOut.filter((run) => run.plan.failFast).length;
  const mainTimes = runs.map((run) => run.mainMs).sort((a, b) => a - b);
  const lines = [
    `Seed ${summary.seed}: ${runs.length} of ${summary.planned} planned runs, ${summary.concurrency} at a time, in ${ms(summary.tookMs)}` +
      `${summary.stoppedEarly ? ' — stopped at the time limit before all had run' : ''}. ` +
      `${requests} requests went through the fault proxies; ${lostTriggers} trigger ${lostTriggers === 1 ? 'response was' : 'responses were'} lost on purpose. ` +
      `${fanOut.length} runs had several targets (${fanOutTargets} in all; ${failFast} of these runs with \`fail-fast\`). ` +
      `${cancelled} runs had a SIGINT planned; the runner had to send SIGTERM ${runs.filter((run) => run.sigterm).length} times and SIGKILL ${runs.filter((run) => run.sigkill).length} times. ` +
      `Longest main step: ${ms(mainTimes.at(-1) ?? Number.NaN)}.`,
    '',
    injected,
    ...githubMarkdown(runs, summary.github),
    '',
    outcomeTable,
    '',
    checks,
    ...liveLogMarkdown(runs),
    ...artifactMarkdown(runs),
  ];
  const notTriggered = runs.filter((run) => run.verdict.outcome === 'not triggered: faults');
  if (notTriggered.length > 0) {
    const reasons = new Map<string, number>();
    for (const run of notTriggered) {
      const reason = shorten(run.firstError ?? '(no error annotation)');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    lines.push(
      '',
      'Why the runs that were not triggered failed (their error annotation):',
      '',
      table(
        ['error', 'runs'],
        [...reasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => [reason, String(count)]),
      ),
    );
  }
  const noted = runs.filter((run) => run.verdict.notes.length > 0);
  if (noted.length > 0) {
    lines.push(
      '',
      `Notes (not failures): ${noted.length} runs. ${noted
        .slice(0, 5)
        .map((run) => `#${run.plan.index}: ${run.verdict.notes.join('; ')}`)
        .join(' ')}`,
    );
  }
  const problemsOf = (run: JudgedRun) => [...run.verdict.problems, ...githubProblems(run)];
  const failing = runs.filter((run) => problemsOf(run).length > 0);
  if (failing.length > 0) {
    lines.push(
      '',
      'Failing runs (replay one with `node bench/chaos/run.ts --seed ' + summary.seed + ' --only <run>`):',
      '',
      table(
        ['run', 'plan', 'problems', 'first error annotation'],
        failing.map((run) => [
          String(run.plan.index),
          describePlan(run.plan),
          problemsOf(run)
            .map((p) => `${p.kind}: ${p.detail}`)
            .join('; '),
          run.firstError ? shorten(run.firstError) : '–',
        ]),
        ['right', 'left', 'left', 'left'],
      ),
    );
  }
  return lines.join('\n');
}

/** What the live step logs met, and how their lines compared with the server's logs. */
function liveLogMarkdown(runs: readonly JudgedRun[]): string[] {
  const live = runs.filter((run) => streamsLive(run.plan));
  if (live.length === 0) return [];
  const reads = live.reduce((sum, run) => sum + run.logReads, 0);
  const faults = live.flatMap((run) => run.faults.filter(isLogRead));
  const cut = faults.filter((fault) => fault.kind === 'cut mid-body').length;
  const totals = addTotals(live.flatMap((run) => (run.verdict.live ? [run.verdict.live] : [])));
  const kinds = FAULT_KINDS.map(
    (kind) => [kind, faults.filter((fault) => fault.kind === kind).length] as const,
  );
  return [
    '',
    `Live step logs: ${live.length} runs streamed their steps' logs live (\`step-logs: live\`, or \`auto\` with one ` +
      `target), through ${reads} reads of a step log, of which ${faults.length} got a fault ` +
      `(${percent(faults.length, reads)}; ${cut} cut mid-body):`,
    '',
    table(
      ['fault on a step log read', 'injected'],
      [
        ...kinds.filter(([, count]) => count > 0).map(([kind, count]) => [kind, String(count)]),
        ['all', String(faults.length)],
      ],
    ),
    '',
    `The lines shown for each step against the server's log of it, after the run: ${totals.steps} steps, ` +
      `${totals.lines} lines on the server, ${totals.printed} shown.`,
    '',
    table(
      ['lines of the live logs', 'count'],
      [
        ['lost', String(totals.lost)],
        ['repeated', String(totals.repeated)],
        ['steps out of order', String(totals.reordered)],
        [
          'steps cut short (cancel, timeout, fail-fast) showing a beginning of their log',
          String(totals.partial),
        ],
        [
          `steps whose rest was said unreadable (their lines not shown)`,
          `${totals.unreadable} (${totals.unreadableLines})`,
        ],
      ],
    ),
    '',
    `When the lines were printed: ${totals.timed} steps were read for at least ` +
      `${JUDGED_WINDOW_MS / 1000} s before their end and followed to it with all their lines shown; ` +
      `${totals.atEnd} of them showed no line before their end.`,
  ];
}

/** What the archive reads met, what the `artifacts` outputs said, and the trees compared with the archives. */
function artifactMarkdown(runs: readonly JudgedRun[]): string[] {
  const withArtifacts = runs.filter((run) => run.plan.artifacts !== undefined);
  if (withArtifacts.length === 0) return [];
  const reads = withArtifacts.reduce((sum, run) => sum + run.artifactReads, 0);
  const faults = withArtifacts.flatMap((run) => run.faults.filter(isArtifactRead));
  const totals = withArtifacts.flatMap((run) => (run.verdict.artifacts ? [run.verdict.artifacts] : []));
  const statuses = new Map<string, number>();
  for (const total of totals) {
    for (const [status, count] of Object.entries(total.statuses))
      statuses.set(status, (statuses.get(status) ?? 0) + count);
  }
  const folders = totals.reduce((sum, total) => sum + total.folders, 0);
  const files = totals.reduce((sum, total) => sum + total.files, 0);
  const partials = totals.reduce((sum, total) => sum + total.partialsLeft, 0);
  const all = withArtifacts.filter((run) => run.plan.artifacts === 'all').length;
  return [
    '',
    `Artifacts: ${withArtifacts.length} runs brought their steps' artifacts back (${all} with \`artifacts: all\`, ` +
      `the others \`artifacts: step 1\`), through ${reads} reads of an archive, of which ${faults.length} got a fault ` +
      `(${percent(faults.length, reads)}):`,
    '',
    table(
      ['fault on an archive read', 'injected'],
      [
        ...FAULT_KINDS.map((kind) => [kind, faults.filter((fault) => fault.kind === kind).length] as const)
          .filter(([, count]) => count > 0)
          .map(([kind, count]) => [kind, String(count)]),
        ['all', String(faults.length)],
      ],
    ),
    '',
    `The \`artifacts\` outputs of the runs whose main step wrote them: ${folders} stored folders compared with the ` +
      `server's archive file by file (${files} files), ${partials} \`.ci-run-partial-*\` folders left after the post step.`,
    '',
    table(
      ['step status in the `artifacts` output', 'steps'],
      [...statuses].sort((a, b) => b[1] - a[1]).map(([status, count]) => [status, String(count)]),
    ),
  ];
}

function percent(count: number, total: number): string {
  return total === 0 ? '–' : `${((100 * count) / total).toFixed(1)} %`;
}

function shorten(text: string): string {
  const clean = text
    .replace(/%0A/g, ' ')
    .replace(/\b[0-9a-f]{24}\b/g, '<id>')
    .replace(/:\d{2,5}\//g, ':PORT/');
  return clean.length > 200 ? `${clean.slice(0, 197)}…` : clean;
}
