// The GitHub side of a chaos run's plan: which reports the action is asked for, the event and commit
// they belong to, and whether the token lacks the permission for one of them. Drawn from a stream of its
// own, so that adding or changing other parts of the plan leaves this one as it was for a seed.
import type { EventName } from '../../tools/fake-github/events.ts';
import { createRandom, type Random } from '../support/random.ts';

export type ReportInput = 'commit-status' | 'check-run' | 'deployment-environment';
export const REPORT_INPUTS: readonly ReportInput[] = ['commit-status', 'check-run', 'deployment-environment'];

/** The value each report input gets: the status context, the check run's name, the environment. */
export const REPORT_NAMES: Readonly<Record<ReportInput, string>> = {
  'commit-status': 'ci-service/chaos',
  'check-run': 'CI service (chaos)',
  'deployment-environment': 'chaos',
};

export interface GitHubPlan {
  event: EventName;
  /** owner/repo: one repository per run, so every request the fake GitHub gets names its run. */
  repository: string;
  /** The commit the reports belong on (a pull request's head, the pushed or dispatched commit). */
  sha: string;
  reports: ReportInput[];
  /** The report whose writes are answered 403, as for a token without that permission. */
  denied?: ReportInput;
}

const ALL_REPORTS_SHARE = 0.5;
const ONE_REPORT_SHARE = 0.3;
/** Of the runs with reports. */
const DENIED_SHARE = 0.12;
const EVENTS: readonly (readonly [number, EventName])[] = [
  [0.35, 'push'],
  [0.35, 'pull_request'],
  [0.1, 'pull_request_target'],
  [0.2, 'workflow_dispatch'],
];
const STREAM = 0x67697468;
/** Every run's repository belongs to this owner. */
export const CHAOS_OWNER = 'chaos-org';

/** Undefined for the runs that ask for no report. */
export function planGitHub(runSeed: number, index: number): GitHubPlan | undefined {
  const random = createRandom((runSeed ^ STREAM) >>> 0);
  const share = random.next();
  if (share >= ALL_REPORTS_SHARE + ONE_REPORT_SHARE) return undefined;
  const reports = share < ALL_REPORTS_SHARE ? [...REPORT_INPUTS] : [random.pick(REPORT_INPUTS)];
  const event = random.weighted(EVENTS);
  const sha = hex(random, 40);
  const denied = random.chance(DENIED_SHARE) ? random.pick(reports) : undefined;
  return {
    event,
    repository: `${CHAOS_OWNER}/app-${index}`,
    sha,
    reports,
    ...(denied !== undefined ? { denied } : {}),
  };
}

export function describeGitHubPlan(plan: GitHubPlan | undefined): string {
  if (!plan) return 'no GitHub reports';
  const reports = plan.reports.length === REPORT_INPUTS.length ? 'all reports' : plan.reports.join('+');
  return `${reports} on ${plan.event}${plan.denied ? `, ${plan.denied} denied` : ''}`;
}

function hex(random: Random, digits: number): string {
  return Array.from({ length: digits }, () => random.integer(0, 15).toString(16)).join('');
}
