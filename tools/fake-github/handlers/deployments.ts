// Deployments and their statuses. Creating a deployment verifies the commit's contexts as GitHub does: by
// default every context (commit statuses and check runs) must have succeeded, or the answer is 409; an empty
// `required_contexts` skips the check. A `success` status marks earlier deployments to the same environment
// `inactive` unless `auto_inactive` is false.
import { errorResponse, notFound } from '../errors.ts';
import { paginate } from '../paging.ts';
import type { DeploymentRecord, DeploymentStatusRecord, RepoRecord, Store } from '../store.ts';
import type { FakeResponse, HandlerContext } from '../types.ts';
import { deploymentStatusView, deploymentView } from '../views.ts';
import { latestPerContext } from './statuses.ts';

export function createDeployment({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const body = call.body;
  const repo = store.repo(String(call.params.owner), String(call.params.repo));
  const ref = String(body.ref);
  const sha = store.resolve(ref);
  if (sha === undefined) return errorResponse(422, `No ref found for: ${ref}`, docs);
  const failing = failingContexts(store, repo, sha, body.required_contexts as string[] | undefined);
  if (failing.length > 0) {
    return errorResponse(409, `Conflict: Commit status checks failed for ${ref}.`, docs, {
      errors: [{ contexts: failing, resource: 'Deployment', field: 'required_contexts', code: 'invalid' }],
    });
  }
  const environment = (body.environment as string | undefined) ?? 'production';
  const now = store.now();
  const deployment: DeploymentRecord = {
    id: store.nextId('deployment'),
    repo,
    sha,
    ref,
    task: (body.task as string | undefined) ?? 'deploy',
    payload: body.payload ?? {},
    environment,
    originalEnvironment: environment,
    description: body.description === undefined ? '' : (body.description as string | null),
    transient: (body.transient_environment as boolean | undefined) ?? false,
    production: (body.production_environment as boolean | undefined) ?? environment === 'production',
    createdAt: now,
    updatedAt: now,
  };
  store.deployments.push(deployment);
  return { status: 201, body: deploymentView(urls, deployment) };
}

export function listDeployments({ store, urls, call }: HandlerContext): FakeResponse {
  const repo = store.repo(String(call.params.owner), String(call.params.repo));
  const { sha, ref, task, environment } = call.query;
  const matching = store.deployments
    .filter((d) => d.repo === repo)
    .filter((d) => sha === undefined || d.sha === sha)
    .filter((d) => ref === undefined || d.ref === ref)
    .filter((d) => task === undefined || d.task === task)
    .filter((d) => environment === undefined || environment === null || d.environment === environment)
    .toReversed();
  const page = paginate(matching, call.query, call.url);
  return { status: 200, body: page.items.map((d) => deploymentView(urls, d)), headers: page.headers };
}

export function createDeploymentStatus({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const deployment = findDeployment(store, call.params);
  if (!deployment) return notFound(docs);
  const body = call.body;
  if (typeof body.environment === 'string') deployment.environment = body.environment;
  const status = addStatus(store, deployment, {
    state: body.state as string,
    description: (body.description as string | undefined) ?? '',
    // log_url replaces target_url; setting either sets both.
    logUrl: (body.log_url as string | undefined) ?? (body.target_url as string | undefined) ?? '',
    environmentUrl: (body.environment_url as string | undefined) ?? '',
  });
  if (status.state === 'success' && body.auto_inactive !== false) deactivateEarlier(store, deployment);
  const view = deploymentStatusView(urls, deployment, status);
  return { status: 201, body: view, headers: { location: view.url as string } };
}

export function listDeploymentStatuses({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const deployment = findDeployment(store, call.params);
  if (!deployment) return notFound(docs);
  const statuses = statusesOf(store, deployment.id).toReversed();
  const page = paginate(statuses, call.query, call.url);
  return {
    status: 200,
    body: page.items.map((status) => deploymentStatusView(urls, deployment, status)),
    headers: page.headers,
  };
}

export function statusesOf(store: Store, deploymentId: number): DeploymentStatusRecord[] {
  return store.deploymentStatuses.filter((status) => status.deploymentId === deploymentId);
}

type NewStatus = Pick<DeploymentStatusRecord, 'state' | 'description' | 'logUrl' | 'environmentUrl'>;

function addStatus(store: Store, deployment: DeploymentRecord, fields: NewStatus): DeploymentStatusRecord {
  const now = store.now();
  const status: DeploymentStatusRecord = {
    id: store.nextId('deploymentStatus'),
    deploymentId: deployment.id,
    environment: deployment.environment,
    createdAt: now,
    ...fields,
  };
  store.deploymentStatuses.push(status);
  deployment.updatedAt = now;
  return status;
}

function deactivateEarlier(store: Store, current: DeploymentRecord): void {
  for (const other of store.deployments) {
    if (other === current || other.repo !== current.repo || other.environment !== current.environment)
      continue;
    if (other.transient || other.id > current.id) continue;
    if (statusesOf(store, other.id).at(-1)?.state !== 'success') continue;
    addStatus(store, other, { state: 'inactive', description: '', logUrl: '', environmentUrl: '' });
  }
}

function findDeployment(store: Store, params: Record<string, unknown>): DeploymentRecord | undefined {
  const repo = store.repo(String(params.owner), String(params.repo));
  return store.deployments.find((d) => d.id === params.deployment_id && d.repo === repo);
}

interface ContextState {
  context: string;
  state: string;
}

/** Each context's latest state, commit statuses and check runs alike; a name both use must pass in both. */
function failingContexts(store: Store, repo: RepoRecord, sha: string, required?: string[]): ContextState[] {
  const statuses = store.statuses.filter((s) => s.repo === repo && s.sha === sha);
  const latestRuns = new Map<string, ContextState>();
  for (const run of store.checkRuns.filter((r) => r.repo === repo && r.headSha === sha)) {
    latestRuns.set(run.name, { context: run.name, state: checkRunState(run.status, run.conclusion) });
  }
  const known: ContextState[] = [
    ...latestPerContext(statuses).map((status) => ({ context: status.context, state: status.state })),
    ...latestRuns.values(),
  ];
  const wanted = required ?? [...new Set(known.map((entry) => entry.context))];
  const checked = wanted.flatMap((context) => {
    const entries = known.filter((entry) => entry.context === context);
    return entries.length > 0 ? entries : [{ context, state: 'missing' }];
  });
  return checked.some((entry) => entry.state !== 'success') ? checked : [];
}

function checkRunState(status: string, conclusion: string | null): string {
  if (status !== 'completed') return 'pending';
  return conclusion === 'success' || conclusion === 'neutral' || conclusion === 'skipped'
    ? 'success'
    : 'failure';
}
