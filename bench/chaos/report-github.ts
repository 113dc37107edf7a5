// The chaos report's GitHub part: which reports the runs asked for, the faults the fake GitHub injected,
// and the rows of the GitHub checks.
import { TRANSIENT_FAULT_KINDS, type FakeGitHub, type FaultKind } from '../../tools/fake-github/index.ts';
import type { Violation } from '../../tools/fake-github/types.ts';
import { table } from '../support/markdown.ts';
import type { RunEvidence, Verdict } from './check.ts';
import { ABOUT_GITHUB, GITHUB_PROBLEM_KINDS, judgeGitHub, type GitHubVerdict } from './check-github.ts';
import type { GitHubEvidence } from './github-run.ts';
import { CHAOS_OWNER, REPORT_INPUTS, type GitHubPlan } from './plan-github.ts';

/** One run's GitHub side, as the report needs it. */
export interface GitHubJudged {
  plan: GitHubPlan;
  verdict: GitHubVerdict;
  /** Writes the permission gate answered 403. */
  denied: number;
  /** Warning annotations of main and post about the GitHub reports. */
  warnings: number;
}

/** The fake GitHub's own figures for the whole chaos run. */
export interface GitHubTotals {
  rate: number;
  kinds: readonly FaultKind[];
  requests: number;
  faults: Record<FaultKind, number>;
  /** Violations on no run's repository (none is expected: every request names one). */
  unattributed: Violation[];
}

/** Read after the last run. */
export function githubTotals(fake: FakeGitHub, rate: number): GitHubTotals {
  return {
    rate,
    kinds: TRANSIENT_FAULT_KINDS,
    requests: fake.requests.length,
    faults: { ...fake.faultsInjected.byKind },
    unattributed: fake.violations.filter(
      (violation) => !violation.path.toLowerCase().startsWith(`/repos/${CHAOS_OWNER}/`),
    ),
  };
}

interface WithGitHub {
  github?: GitHubJudged;
}

/** Judges the run's GitHub side (check-github.ts) and keeps what the report shows of it. */
export function judgedGitHub(github: GitHubEvidence, evidence: RunEvidence, verdict: Verdict): GitHubJudged {
  const warnings = [evidence.main.stdout, evidence.post.stdout]
    .flatMap((stdout) => stdout.split(/\r?\n/))
    .filter((line) => /^::warning[^:]*::/.test(line) && ABOUT_GITHUB.test(line)).length;
  return {
    plan: github.plan,
    verdict: judgeGitHub(evidence, github, verdict),
    denied: github.denied,
    warnings,
  };
}

export function githubProblems(run: WithGitHub): GitHubVerdict['problems'] {
  return run.github?.verdict.problems ?? [];
}

export function githubProblemCount(runs: readonly WithGitHub[], totals: GitHubTotals | undefined): number {
  return runs.reduce((sum, run) => sum + githubProblems(run).length, 0) + (totals?.unattributed.length ?? 0);
}

/** The rows the GitHub checks add to the table of checks. */
export function githubCheckRows(runs: readonly WithGitHub[], totals: GitHubTotals | undefined): string[][] {
  return GITHUB_PROBLEM_KINDS.map((kind) => {
    const failing = runs.filter((run) => run.github?.verdict.problems.some((p) => p.kind === kind)).length;
    const extra = kind === 'GitHub API violation' ? (totals?.unattributed.length ?? 0) : 0;
    return [kind, String(failing + extra)];
  });
}

export function githubMarkdown(runs: readonly WithGitHub[], totals: GitHubTotals | undefined): string[] {
  if (!totals) return [];
  const reporting = runs.flatMap((run) => (run.github ? [run.github] : []));
  const all = reporting.filter((run) => run.plan.reports.length === REPORT_INPUTS.length).length;
  const denied = reporting.filter((run) => run.plan.denied !== undefined);
  const deniedWrites = denied.reduce((sum, run) => sum + run.denied, 0);
  const warned = reporting.filter((run) => run.warnings > 0).length;
  const deniedWarned = denied.filter((run) => run.warnings > 0).length;
  const injected = Object.values(totals.faults).reduce((sum, count) => sum + count, 0);
  const sentence =
    `GitHub reports: ${all} runs asked for all three, ${reporting.length - all} for one, ` +
    `${runs.length - reporting.length} for none. ${totals.requests} requests reached the fake GitHub, which ` +
    `gave each a transient fault with a probability of ${Math.round(totals.rate * 100)} %, drawn from one ` +
    `seeded stream that the concurrent runs share. ${denied.length} runs had one report's permission ` +
    `denied (${deniedWrites} writes answered 403; ${deniedWarned} of these runs warned about it). ` +
    `${warned} runs warned about a GitHub report.`;
  const faults = table(
    ['GitHub fault', 'injected', 'share of GitHub requests'],
    [
      ...totals.kinds.map((kind) => [
        kind,
        String(totals.faults[kind]),
        percent(totals.faults[kind], totals.requests),
      ]),
      ['all faults', String(injected), percent(injected, totals.requests)],
      ['permission denied (403 by design)', String(deniedWrites), '–'],
    ],
  );
  const stray = totals.unattributed.map((v) => `- ${v.kind}: ${v.method} ${v.path}: ${v.message}`);
  return [
    '',
    sentence,
    '',
    faults,
    ...(stray.length > 0 ? ['', 'GitHub API violations on no run’s repository:', '', ...stray] : []),
  ];
}

function percent(count: number, total: number): string {
  return total === 0 ? '–' : `${((100 * count) / total).toFixed(1)} %`;
}
