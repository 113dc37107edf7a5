import { afterAll, describe, expect, it } from 'vitest';
import { GHES_VERSION, startFakeGitHub } from '../../tools/fake-github/index.ts';
import { client, REPO, rejection, SHA, TOKEN } from './helpers.ts';

const gh = await startFakeGitHub({ ghes: true });
const octokit = client(gh);
afterAll(() => gh.close());

describe('GitHub Enterprise Server mode', () => {
  it('serves the API under /api/v3, checked against the ghes-3.19 description', async () => {
    expect(gh.apiUrl).toBe(`${gh.origin}/api/v3`);
    expect(gh.startup.cachePath).toContain(`ghes-${GHES_VERSION}-`);
    const { data, headers } = await octokit.rest.checks.create({ ...REPO, name: 'remote-ci', head_sha: SHA });
    expect(data.url).toBe(`${gh.origin}/api/v3/repos/acme/webapp/check-runs/${data.id}`);
    expect(data.html_url).toBe(`${gh.origin}/acme/webapp/runs/${data.id}`);
    expect(headers['x-github-enterprise-version']).toBe(`${GHES_VERSION}.0`);
    const status = await octokit.rest.repos.createCommitStatus({ ...REPO, sha: SHA, state: 'success' });
    expect(status.data.url).toBe(`${gh.origin}/api/v3/repos/acme/webapp/statuses/${SHA}`);
    const deployment = await octokit.rest.repos.createDeployment({
      ...REPO,
      ref: SHA,
      required_contexts: [],
    });
    expect(deployment.status).toBe(201);
    expect(gh.requests.map((r) => r.path)).toEqual([
      '/api/v3/repos/acme/webapp/check-runs',
      `/api/v3/repos/acme/webapp/statuses/${SHA}`,
      '/api/v3/repos/acme/webapp/deployments',
    ]);
    expect(gh.violations).toEqual([]);
  });

  it('links to the Enterprise Server documentation in its errors', async () => {
    gh.fail('getCheckRun', 'forbidden');
    const error = await rejection(octokit.rest.checks.get({ ...REPO, check_run_id: 1 }));
    expect(error.response?.data.documentation_url).toContain('enterprise-server@3.19');
  });

  it('does not serve the API outside the prefix', async () => {
    const response = await fetch(`${gh.origin}/repos/acme/webapp/deployments`, {
      headers: { authorization: `token ${TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(gh.violations.at(-1)).toMatchObject({
      kind: 'not-implemented',
      path: '/repos/acme/webapp/deployments',
    });
  });
});
