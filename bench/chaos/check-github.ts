// The verdict on one chaos run's GitHub reports, next to check.ts's verdict on the CI side: no report made
// twice, none left open once main and post are done (each target's, with several), GitHub never changing
// the step's gate, every request one GitHub's OpenAPI description accepts, and the GitHub token never shown.
import { errorAnnotations } from '../support/action.ts';
import { leakSources, withoutMaskCommand, type Outcome, type RunEvidence, type Verdict } from './check.ts';
import type { GitHubEvidence } from './github-run.ts';
import { targetRunsOf, worstResult } from './check-targets.ts';
import { REPORT_NAMES, type ReportInput } from './plan-github.ts';
import { chaosTargets } from './plan.ts';

export type GitHubProblemKind =
  | 'duplicate check run'
  | 'duplicate deployment'
  | 'report left open'
  | 'gate changed by GitHub'
  | 'GitHub API violation'
  | 'leaked GitHub token';

export const GITHUB_PROBLEM_KINDS: readonly GitHubProblemKind[] = [
  'duplicate check run',
  'duplicate deployment',
  'report left open',
  'gate changed by GitHub',
  'GitHub API violation',
  'leaked GitHub token',
];

export interface GitHubVerdict {
  problems: Array<{ kind: GitHubProblemKind; detail: string }>;
}

/** Words of the action's messages about its GitHub reports. */
export const ABOUT_GITHUB = /github|commit status|check run|deployment/i;

export function judgeGitHub(evidence: RunEvidence, github: GitHubEvidence, verdict: Verdict): GitHubVerdict {
  const problems: GitHubVerdict['problems'] = [];
  const problem = (kind: GitHubProblemKind, detail: string) => problems.push({ kind, detail });
  for (const names of reportNames(evidence)) {
    for (const [kind, detail] of reportProblems(github, names)) problem(kind, detail);
  }
  for (const detail of gateChanges(evidence, verdict.outcome)) problem('gate changed by GitHub', detail);
  for (const violation of github.violations) {
    problem(
      'GitHub API violation',
      `${violation.kind}: ${violation.method} ${violation.path}: ${violation.message}`,
    );
  }
  for (const [where, text] of leakSources(evidence)) {
    if (withoutMaskCommand(text, github.token).includes(github.token))
      problem('leaked GitHub token', `in ${where}`);
  }
  return { problems };
}

/** Each target's report names: the inputs' values alone, or with several targets ` (label)` appended. */
function reportNames(evidence: RunEvidence): Array<Record<ReportInput, string>> {
  const targets = chaosTargets(evidence.plan);
  return targets.map((target) => {
    const name = (report: ReportInput) =>
      targets.length > 1 ? `${REPORT_NAMES[report]} (${target.label})` : REPORT_NAMES[report];
    return {
      'commit-status': name('commit-status'),
      'check-run': name('check-run'),
      'deployment-environment': name('deployment-environment'),
    };
  });
}

/** One target's reports: none made twice, none left open (unless its permission was denied). */
function reportProblems(
  github: GitHubEvidence,
  names: Record<ReportInput, string>,
): Array<[GitHubProblemKind, string]> {
  const { plan } = github;
  const found: Array<[GitHubProblemKind, string]> = [];
  const checkName = names['check-run'];
  const checkRuns = github.checkRuns.filter((run) => run.name === checkName);
  const perRun = new Map<string, number>();
  for (const run of checkRuns) {
    const key = run.externalId ?? '(no external_id)';
    perRun.set(key, (perRun.get(key) ?? 0) + 1);
  }
  for (const [externalId, count] of perRun) {
    if (count > 1)
      found.push(['duplicate check run', `${count} check runs "${checkName}" for ${externalId}`]);
  }
  const environment = names['deployment-environment'];
  const deployments = github.deployments.filter((deployment) => deployment.environment === environment);
  if (deployments.length > 1) {
    found.push([
      'duplicate deployment',
      `${deployments.length} deployments to "${environment}": ${deployments.map((d) => d.id).join(', ')}`,
    ]);
  }

  // A denied report was never made (or stopped where it was): leaving it is what the action must do.
  const judged = (report: ReportInput) => plan.reports.includes(report) && plan.denied !== report;
  if (judged('commit-status')) {
    const context = names['commit-status'];
    const last = github.statuses.filter((status) => status.context === context).at(-1);
    if (last?.state === 'pending')
      found.push(['report left open', `the commit status "${context}" is pending`]);
  }
  if (judged('check-run')) {
    for (const run of checkRuns.filter((candidate) => candidate.status !== 'completed')) {
      found.push(['report left open', `check run ${run.id} "${checkName}" is ${run.status}`]);
    }
  }
  if (judged('deployment-environment')) {
    for (const deployment of deployments) {
      const last = deployment.states.at(-1);
      if (last === undefined || last === 'in_progress' || last === 'queued' || last === 'pending')
        found.push(['report left open', `deployment ${deployment.id} is ${last ?? 'without a status'}`]);
    }
  }
  return found;
}

/**
 * How the step's gate differs from what the CI side calls for: the exit code for the outcome check.ts
 * found, the `result` output against the server, an error annotation about GitHub (trouble there is a
 * warning), or a failed post step (which would fail the job).
 */
function gateChanges(evidence: RunEvidence, outcome: Outcome): string[] {
  const { main, post, outputs, plan } = evidence;
  const changes: string[] = [];
  if (post.code !== 0)
    changes.push(`the post step ended with ${post.code ?? post.signal}: the job would fail`);
  for (const message of [...errorAnnotations(main.stdout), ...errorAnnotations(post.stdout)]) {
    if (ABOUT_GITHUB.test(message))
      changes.push(`an error annotation about GitHub: ${message.slice(0, 200)}`);
  }
  if (main.signal !== null) return changes;
  const timedOut =
    plan.timeoutSeconds !== undefined && main.exitedAt - main.spawnedAt >= plan.timeoutSeconds * 1000;
  const expected = expectedGate(outcome, timedOut);
  const actual = main.code === 0 ? 'pass' : 'fail';
  if (expected !== undefined && actual !== expected) {
    changes.push(`the step exited ${main.code}; the CI side (${outcome}) calls for a ${expected}`);
  }
  if (outputs.status === 'finished') {
    const runs = targetRunsOf(evidence).targets.map((target) => target.run);
    const truth = runs.every((run) => run !== undefined)
      ? worstResult(runs.map((run) => run.result))
      : undefined;
    if (truth !== undefined && outputs.result !== truth) {
      changes.push(`the result output is ${outputs.result}; the server says ${truth}`);
    }
  }
  return changes;
}

/**
 * The runner passes a step on exit code 0 only. Undefined where either is right: a cancel racing the
 * run's end, a timeout reached as the run ended.
 */
function expectedGate(outcome: Outcome, timedOut: boolean): 'pass' | 'fail' | undefined {
  switch (outcome) {
    case 'passed':
      return timedOut ? undefined : 'pass';
    case 'failed':
    case 'failed, fail-fast stopped the others':
    case 'aborted on cancel':
    case 'aborted on timeout':
    case 'not triggered: faults':
    case 'not triggered: cancelled':
    case 'not triggered: timed out':
      return 'fail';
    default:
      return undefined;
  }
}
