import { afterAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../../tools/fake-github/index.ts';
import { client, OTHER_SHA, REPO, rejection, SHA, TOKEN } from './helpers.ts';

const gh = await startFakeGitHub({ refs: { main: OTHER_SHA } });
const octokit = client(gh);
afterAll(() => gh.close());

describe('commit statuses', () => {
  it('creates a status as github-actions[bot], with every URL under the fake', async () => {
    const { status, data, headers } = await octokit.rest.repos.createCommitStatus({
      ...REPO,
      sha: SHA,
      state: 'pending',
      context: 'ci/remote',
      description: 'Run 42 is running',
      target_url: 'https://ci.example.com/runs/42',
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      state: 'pending',
      context: 'ci/remote',
      description: 'Run 42 is running',
      target_url: 'https://ci.example.com/runs/42',
      url: `${gh.apiUrl}/repos/acme/webapp/statuses/${SHA}`,
      creator: { login: 'github-actions[bot]', type: 'Bot' },
    });
    expect(Number.isInteger(data.id)).toBe(true);
    expect(typeof data.node_id).toBe('string');
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(headers.location).toBe(data.url);
    expect(gh.statuses(SHA)).toEqual([data]);
    expect(gh.requests.at(-1)).toMatchObject({
      method: 'POST',
      operationId: 'repos/create-commit-status',
      token: TOKEN,
      status: 201,
      body: { state: 'pending', context: 'ci/remote' },
    });
  });

  it('defaults the context to "default" and the description and target to null', async () => {
    const { data } = await octokit.rest.repos.createCommitStatus({
      ...REPO,
      sha: OTHER_SHA,
      state: 'success',
    });
    expect(data).toMatchObject({ context: 'default', description: null, target_url: null });
  });

  it("lists a ref's statuses newest first, a page at a time with a Link header", async () => {
    await octokit.rest.repos.createCommitStatus({
      ...REPO,
      sha: SHA,
      state: 'success',
      context: 'ci/remote',
    });
    await octokit.rest.repos.createCommitStatus({ ...REPO, sha: SHA, state: 'failure', context: 'lint' });
    const first = await octokit.rest.repos.listCommitStatusesForRef({ ...REPO, ref: SHA, per_page: 2 });
    expect(first.data.map((s) => `${s.context}:${s.state}`)).toEqual(['lint:failure', 'ci/remote:success']);
    expect(first.headers.link).toContain('rel="next"');
    expect(first.headers.link).toContain(
      `${gh.apiUrl}/repos/acme/webapp/commits/${SHA}/statuses?per_page=2&page=2`,
    );
    const all = await octokit.paginate(octokit.rest.repos.listCommitStatusesForRef, {
      ...REPO,
      ref: SHA,
      per_page: 2,
    });
    expect(all.map((s) => s.state)).toEqual(['failure', 'success', 'pending']);
  });

  it('combines the latest status of each context: failure wins, then pending', async () => {
    const { data } = await octokit.rest.repos.getCombinedStatusForRef({ ...REPO, ref: SHA });
    expect(data).toMatchObject({
      state: 'failure',
      sha: SHA,
      total_count: 2,
      commit_url: `${gh.apiUrl}/repos/acme/webapp/commits/${SHA}`,
      url: `${gh.apiUrl}/repos/acme/webapp/commits/${SHA}/status`,
      repository: { full_name: 'acme/webapp', url: `${gh.apiUrl}/repos/acme/webapp` },
    });
    expect(data.statuses.map((s) => `${s.context}:${s.state}`)).toEqual([
      'lint:failure',
      'ci/remote:success',
    ]);
    const empty = await octokit.rest.repos.getCombinedStatusForRef({
      owner: 'acme',
      repo: 'empty',
      ref: SHA,
    });
    expect(empty.data).toMatchObject({ state: 'pending', total_count: 0, statuses: [] });
  });

  it('resolves branch names it was told about, and refuses unknown refs as GitHub does', async () => {
    const { data } = await octokit.rest.repos.getCombinedStatusForRef({ ...REPO, ref: 'heads/main' });
    expect(data).toMatchObject({ sha: OTHER_SHA, state: 'success' });
    const error = await rejection(octokit.rest.repos.listCommitStatusesForRef({ ...REPO, ref: 'nope' }));
    expect(error.status).toBe(422);
    expect(error.message).toContain('No commit found for SHA: nope');
  });

  it('keeps repositories apart', async () => {
    const { data } = await octokit.rest.repos.listCommitStatusesForRef({
      owner: 'acme',
      repo: 'other',
      ref: SHA,
    });
    expect(data).toEqual([]);
  });

  it('found nothing to complain about', () => {
    expect(gh.violations).toEqual([]);
  });
});
