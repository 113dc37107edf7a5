// One chaos run's GitHub side: the event payload and the runner's variables that point the action at the
// shared fake GitHub (through a permission gate when the plan denies a report), the report inputs, and
// afterwards what GitHub holds for the run's commit and what its requests met.
import { startFakeGitHub, type FakeGitHub, type FaultKind } from '../../tools/fake-github/index.ts';
import { writeEventPayload } from '../../tools/fake-github/events.ts';
import { derivedSeed } from '../support/random.ts';
import type { Violation } from '../../tools/fake-github/types.ts';
import { startPermissionGate, type PermissionGate } from './permission-gate.ts';
import { REPORT_NAMES, type GitHubPlan } from './plan-github.ts';

export interface GitHubEvidence {
  plan: GitHubPlan;
  token: string;
  /** The commit statuses of the run's commit, oldest first. */
  statuses: Array<{ context: string; state: string }>;
  checkRuns: Array<{
    id: number;
    name: string;
    externalId: string | null;
    status: string;
    conclusion: string | null;
  }>;
  /** Each deployment of the commit with its statuses' states, oldest first. */
  deployments: Array<{ id: number; environment: string; states: string[] }>;
  /** What the fake GitHub refused or answered wrongly, for this run's repository. */
  violations: Violation[];
  /** Requests that reached the fake GitHub, and the faults among them. */
  requests: number;
  faults: Partial<Record<FaultKind, number>>;
  /** Writes the permission gate answered 403. */
  denied: number;
}

/** The fake GitHub's fault draws are a stream of their own of the chaos seed. */
const FAULT_STREAM = 0x4748;

/** The one fake GitHub of a chaos run: transient faults (5xx, rate limits, lost responses) at `rate`. */
export async function startChaosGitHub(chaosSeed: number, rate: number): Promise<FakeGitHub> {
  const fake = await startFakeGitHub({ warm: true });
  fake.random({ seed: derivedSeed(chaosSeed, FAULT_STREAM), rate });
  return fake;
}

export interface GitHubRun {
  inputs: Record<string, string>;
  env: Record<string, string>;
  /** Read after the post step. */
  collect(): GitHubEvidence;
  close(): Promise<void>;
}

export async function prepareGitHubRun(
  fake: FakeGitHub,
  token: string,
  plan: GitHubPlan,
  dir: string,
): Promise<GitHubRun> {
  const gate: PermissionGate | undefined = plan.denied
    ? await startPermissionGate({ target: fake.apiUrl, deny: plan.denied })
    : undefined;
  const event = writeEventPayload(plan.event, { dir, repository: plan.repository, headSha: plan.sha });
  const inputs: Record<string, string> = { 'github-token': token };
  for (const report of plan.reports) inputs[report] = REPORT_NAMES[report];
  return {
    inputs,
    env: {
      ...event.env,
      GITHUB_API_URL: gate?.url ?? fake.apiUrl,
      GITHUB_WORKFLOW_REF: `${plan.repository}/.github/workflows/ci.yml@refs/heads/main`,
    },
    collect: () => collectEvidence(fake, token, plan, gate?.denied() ?? 0),
    close: async () => gate?.close(),
  };
}

function collectEvidence(fake: FakeGitHub, token: string, plan: GitHubPlan, denied: number): GitHubEvidence {
  const prefix = `/repos/${plan.repository}/`.toLowerCase();
  const ours = (path: string) => path.toLowerCase().startsWith(prefix);
  const requests = fake.requests.filter((request) => ours(request.path));
  const faults: Partial<Record<FaultKind, number>> = {};
  for (const request of requests) {
    const kind = request.fault as FaultKind | undefined;
    if (kind) faults[kind] = (faults[kind] ?? 0) + 1;
  }
  const deployments = fake.deployments().filter((deployment) => deployment.sha === plan.sha);
  return {
    plan,
    token,
    statuses: fake.statuses(plan.sha).map((status) => ({
      context: String(status.context),
      state: String(status.state),
    })),
    checkRuns: fake
      .checkRuns()
      .filter((run) => run.head_sha === plan.sha)
      .map((run) => ({
        id: run.id as number,
        name: String(run.name),
        externalId: (run.external_id as string | null | undefined) ?? null,
        status: String(run.status),
        conclusion: (run.conclusion as string | null | undefined) ?? null,
      })),
    deployments: deployments.map((deployment) => ({
      id: deployment.id as number,
      environment: String(deployment.environment),
      states: fake.deploymentStatuses(deployment.id as number).map((status) => String(status.state)),
    })),
    violations: fake.violations.filter((violation) => ours(violation.path)),
    requests: requests.length,
    faults,
    denied,
  };
}
