import { afterAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../../tools/fake-github/index.ts';
import { client, OTHER_SHA, REPO, rejection, SHA } from './helpers.ts';

const gh = await startFakeGitHub({ refs: { main: SHA } });
const octokit = client(gh);
afterAll(() => gh.close());

describe('deployments', () => {
  it("creates a deployment of a sha, with GitHub's defaults", async () => {
    const { status, data } = await octokit.rest.repos.createDeployment({ ...REPO, ref: SHA });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      sha: SHA,
      ref: SHA,
      task: 'deploy',
      environment: 'production',
      original_environment: 'production',
      production_environment: true,
      transient_environment: false,
      description: '',
      payload: {},
      creator: { login: 'github-actions[bot]' },
      performed_via_github_app: { slug: 'github-actions' },
    });
    if (!('id' in data)) throw new Error('expected a deployment');
    expect(data.url).toBe(`${gh.apiUrl}/repos/acme/webapp/deployments/${data.id}`);
    expect(data.statuses_url).toBe(`${data.url}/statuses`);
  });

  it('resolves a branch name to its sha, and refuses a ref it cannot', async () => {
    const { data } = await octokit.rest.repos.createDeployment({
      ...REPO,
      ref: 'main',
      environment: 'staging',
      payload: { run: 42 },
      description: 'Remote CI run 42',
      transient_environment: true,
    });
    expect(data).toMatchObject({
      ref: 'main',
      sha: SHA,
      environment: 'staging',
      production_environment: false,
    });
    expect(data).toMatchObject({ payload: { run: 42 }, transient_environment: true });
    const error = await rejection(octokit.rest.repos.createDeployment({ ...REPO, ref: 'feature' }));
    expect(error.status).toBe(422);
    expect(error.message).toContain('No ref found for: feature');
  });

  it('refuses with 409 while a context of the commit has not succeeded, unless required_contexts says otherwise', async () => {
    await octokit.rest.repos.createCommitStatus({
      ...REPO,
      sha: OTHER_SHA,
      state: 'success',
      context: 'build',
    });
    await octokit.rest.checks.create({
      ...REPO,
      name: 'remote-ci',
      head_sha: OTHER_SHA,
      status: 'in_progress',
    });
    const error = await rejection(octokit.rest.repos.createDeployment({ ...REPO, ref: OTHER_SHA }));
    expect(error.status).toBe(409);
    expect(error.response?.data).toMatchObject({
      message: `Conflict: Commit status checks failed for ${OTHER_SHA}.`,
      errors: [
        {
          resource: 'Deployment',
          field: 'required_contexts',
          code: 'invalid',
          contexts: [
            { context: 'build', state: 'success' },
            { context: 'remote-ci', state: 'pending' },
          ],
        },
      ],
    });
    const only = await octokit.rest.repos.createDeployment({
      ...REPO,
      ref: OTHER_SHA,
      required_contexts: ['build'],
    });
    expect(only.status).toBe(201);
    const none = await octokit.rest.repos.createDeployment({
      ...REPO,
      ref: OTHER_SHA,
      required_contexts: [],
    });
    expect(none.status).toBe(201);
    const missing = await rejection(
      octokit.rest.repos.createDeployment({ ...REPO, ref: OTHER_SHA, required_contexts: ['deploy-check'] }),
    );
    expect(missing.status).toBe(409);
  });

  it('lists deployments newest first, filtered by sha, ref and environment', async () => {
    const list = async (query: Record<string, string>) =>
      (await octokit.rest.repos.listDeployments({ ...REPO, ...query })).data.map(
        (d) => `${d.ref}@${d.environment}`,
      );
    expect(await list({})).toEqual([
      `${OTHER_SHA}@production`,
      `${OTHER_SHA}@production`,
      'main@staging',
      `${SHA}@production`,
    ]);
    expect(await list({ sha: SHA })).toEqual(['main@staging', `${SHA}@production`]);
    expect(await list({ ref: 'main' })).toEqual(['main@staging']);
    expect(await list({ environment: 'staging' })).toEqual(['main@staging']);
    expect(await list({ task: 'other' })).toEqual([]);
  });

  it('adds statuses; log_url sets target_url; a new environment moves the deployment', async () => {
    const [deployment] = gh.deployments();
    const id = deployment!.id as number;
    const { status, data, headers } = await octokit.rest.repos.createDeploymentStatus({
      ...REPO,
      deployment_id: id,
      state: 'in_progress',
      log_url: 'https://ci.example.com/runs/42',
      description: 'Deploying',
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      state: 'in_progress',
      log_url: 'https://ci.example.com/runs/42',
      target_url: 'https://ci.example.com/runs/42',
      environment: 'production',
      environment_url: '',
      deployment_url: `${gh.apiUrl}/repos/acme/webapp/deployments/${id}`,
    });
    expect(headers.location).toBe(data.url);
    await octokit.rest.repos.createDeploymentStatus({
      ...REPO,
      deployment_id: id,
      state: 'success',
      environment: 'qa',
      environment_url: 'https://qa.example.com',
    });
    const listed = await octokit.rest.repos.listDeploymentStatuses({ ...REPO, deployment_id: id });
    expect(listed.data.map((s) => `${s.state}@${s.environment}`)).toEqual([
      'success@qa',
      'in_progress@production',
    ]);
    expect(gh.deployments()[0]).toMatchObject({ environment: 'qa', original_environment: 'production' });
  });

  it('marks the earlier successful deployment to an environment inactive, unless auto_inactive is false', async () => {
    const first = await octokit.rest.repos.createDeployment({ ...REPO, ref: SHA, environment: 'prod-eu' });
    const second = await octokit.rest.repos.createDeployment({ ...REPO, ref: SHA, environment: 'prod-eu' });
    const third = await octokit.rest.repos.createDeployment({ ...REPO, ref: SHA, environment: 'prod-eu' });
    const ids = [first, second, third].map((answer) => ('id' in answer.data ? answer.data.id : 0));
    await octokit.rest.repos.createDeploymentStatus({ ...REPO, deployment_id: ids[0]!, state: 'success' });
    await octokit.rest.repos.createDeploymentStatus({ ...REPO, deployment_id: ids[1]!, state: 'success' });
    expect(gh.deploymentStatuses(ids[0]!).map((s) => s.state)).toEqual(['success', 'inactive']);
    await octokit.rest.repos.createDeploymentStatus({
      ...REPO,
      deployment_id: ids[2]!,
      state: 'success',
      auto_inactive: false,
    });
    expect(gh.deploymentStatuses(ids[1]!).map((s) => s.state)).toEqual(['success']);
  });

  it('answers 404 for a deployment of another repository', async () => {
    const id = gh.deployments()[0]!.id as number;
    const error = await rejection(
      octokit.rest.repos.listDeploymentStatuses({ owner: 'x', repo: 'y', deployment_id: id }),
    );
    expect(error.status).toBe(404);
    const post = octokit.rest.repos.createDeploymentStatus({
      owner: 'x',
      repo: 'y',
      deployment_id: id,
      state: 'error',
    });
    expect((await rejection(post)).status).toBe(404);
  });

  it('found nothing to complain about', () => {
    expect(gh.violations).toEqual([]);
  });
});
