// The GitHub port with @actions/github's Octokit, which honours GITHUB_API_URL (GitHub Enterprise
// Server) and the runner's proxy settings. Each request ends when the writer's signal says so; retries are the report
// writer's, not Octokit's, so that a create whose answer was lost is looked up before it is sent again.
import { getOctokit } from '@actions/github';
import type { GitHubApi, HeldAnnotation } from './port.ts';

export interface OctokitApiOptions {
  token: string;
  owner: string;
  repo: string;
  sha: string;
  userAgent: string;
  /** Default: GITHUB_API_URL, else https://api.github.com. */
  baseUrl?: string;
}

type Rest = ReturnType<typeof getOctokit>['rest'];

/** The deployment's payload key that names the remote run it was made for. */
const RUN_KEY = 'ci_run_id';

export function createOctokitApi(options: OctokitApiOptions): GitHubApi {
  const { owner, repo, sha } = options;
  const octokit = getOctokit(options.token, {
    userAgent: options.userAgent,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  });
  const request = (signal: AbortSignal | undefined) => (signal ? { request: { signal } } : {});
  const rest = octokit.rest;
  return {
    async createStatus(status, signal) {
      await rest.repos.createCommitStatus({ owner, repo, sha, ...status, ...request(signal) });
    },
    async createCheckRun(fields, signal) {
      const { data } = await rest.checks.create({
        owner,
        repo,
        head_sha: sha,
        ...fields,
        ...request(signal),
      });
      return data.id;
    },
    async updateCheckRun(id, fields, signal) {
      await rest.checks.update({ owner, repo, check_run_id: id, ...fields, ...request(signal) });
    },
    listCheckRunAnnotations: (id, signal) =>
      listAnnotations(rest, { owner, repo, check_run_id: id, ...request(signal) }),
    async findCheckRun(name, externalId, signal) {
      const { data } = await rest.checks.listForRef({
        owner,
        repo,
        ref: sha,
        check_name: name,
        filter: 'all',
        per_page: 100,
        ...request(signal),
      });
      return data.check_runs.find((run) => run.external_id === externalId)?.id;
    },
    async createDeployment({ environment, description, runId }, signal) {
      const { data } = await rest.repos.createDeployment({
        owner,
        repo,
        ref: sha,
        environment,
        description,
        auto_merge: false,
        required_contexts: [],
        payload: { [RUN_KEY]: runId },
        ...request(signal),
      });
      if (!('id' in data))
        throw Object.assign(new Error(data.message ?? 'No deployment was created.'), { status: 409 });
      return data.id;
    },
    async findDeployment(environment, runId, signal) {
      const { data } = await rest.repos.listDeployments({
        owner,
        repo,
        sha,
        environment,
        per_page: 100,
        ...request(signal),
      });
      return data.find((deployment) => {
        const payload = deployment.payload as Record<string, unknown> | string;
        return typeof payload === 'object' && payload?.[RUN_KEY] === runId;
      })?.id;
    },
    async createDeploymentStatus(id, status, signal) {
      await rest.repos.createDeploymentStatus({
        owner,
        repo,
        deployment_id: id,
        ...status,
        ...request(signal),
      });
    },
  };
}

/** Page by page rather than with octokit.paginate, which drops the request's signal after the first page. */
async function listAnnotations(
  rest: Rest,
  parameters: { owner: string; repo: string; check_run_id: number; request?: { signal: AbortSignal } },
): Promise<HeldAnnotation[]> {
  const held: HeldAnnotation[] = [];
  for (let page = 1; ; page += 1) {
    const { data, headers } = await rest.checks.listAnnotations({ ...parameters, per_page: 100, page });
    held.push(...data);
    if (!/rel="next"/.test(headers.link ?? '')) return held;
  }
}
