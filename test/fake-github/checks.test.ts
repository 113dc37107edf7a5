import { afterAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../../tools/fake-github/index.ts';
import { client, OTHER_SHA, REPO, rejection, SHA } from './helpers.ts';

const gh = await startFakeGitHub();
const octokit = client(gh);
afterAll(() => gh.close());

const annotation = (line: number) => ({
  path: 'src/app.ts',
  start_line: line,
  end_line: line,
  annotation_level: 'warning' as const,
  message: `warning on line ${line}`,
});

describe('check runs', () => {
  let runId = 0;

  it('creates an in-progress run, attributed to the GitHub Actions app', async () => {
    const { status, data } = await octokit.rest.checks.create({
      ...REPO,
      name: 'remote-ci',
      head_sha: SHA,
      status: 'in_progress',
      external_id: 'run-42',
      details_url: 'https://ci.example.com/runs/42',
      output: { title: 'Running', summary: 'Run 42 started', annotations: [annotation(1)] },
    });
    expect(status).toBe(201);
    runId = data.id;
    expect(runId).toBeGreaterThan(2 ** 32);
    expect(data).toMatchObject({
      name: 'remote-ci',
      head_sha: SHA,
      status: 'in_progress',
      conclusion: null,
      completed_at: null,
      external_id: 'run-42',
      details_url: 'https://ci.example.com/runs/42',
      url: `${gh.apiUrl}/repos/acme/webapp/check-runs/${runId}`,
      html_url: `${gh.origin}/acme/webapp/runs/${runId}`,
      output: { title: 'Running', summary: 'Run 42 started', text: null, annotations_count: 1 },
      app: { slug: 'github-actions', id: 15368 },
      pull_requests: [],
    });
    expect(data.started_at).toMatch(/Z$/);
    expect(typeof data.check_suite?.id).toBe('number');
  });

  it('completes it: a conclusion sets completed, and annotations add up', async () => {
    const { data } = await octokit.rest.checks.update({
      ...REPO,
      check_run_id: runId,
      conclusion: 'failure',
      output: {
        title: 'Failed',
        summary: '2 steps failed',
        text: 'details',
        annotations: [annotation(2), annotation(3)],
      },
    });
    expect(data).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'Failed', summary: '2 steps failed', text: 'details', annotations_count: 3 },
    });
    expect(data.completed_at).toMatch(/Z$/);
    expect(gh.annotations(runId).map((a) => a.start_line)).toEqual([1, 2, 3]);
  });

  it("lists a run's annotations as GitHub does: oldest first, paged, with a link to the file", async () => {
    const { data } = await octokit.rest.checks.listAnnotations({ ...REPO, check_run_id: runId });
    expect(data.map((a) => a.start_line)).toEqual([1, 2, 3]);
    expect(data[0]).toEqual({
      path: 'src/app.ts',
      blob_href: `${gh.origin}/acme/webapp/blob/${SHA}/src/app.ts`,
      start_line: 1,
      end_line: 1,
      start_column: null,
      end_column: null,
      annotation_level: 'warning',
      title: null,
      message: 'warning on line 1',
      raw_details: null,
    });
    const paged = await octokit.rest.checks.listAnnotations({
      ...REPO,
      check_run_id: runId,
      per_page: 2,
      page: 2,
    });
    expect(paged.data.map((a) => a.start_line)).toEqual([3]);
    expect(paged.headers.link).toContain('rel="prev"');
    const all = await octokit.paginate(octokit.rest.checks.listAnnotations, {
      ...REPO,
      check_run_id: runId,
      per_page: 1,
    });
    expect(all.map((a) => a.message)).toEqual(gh.annotations(runId).map((a) => a.message));
    const error = await rejection(
      octokit.rest.checks.listAnnotations({ owner: 'acme', repo: 'other', check_run_id: runId }),
    );
    expect(error.status).toBe(404);
  });

  it('gets a run, but only through its own repository', async () => {
    const { data } = await octokit.rest.checks.get({ ...REPO, check_run_id: runId });
    expect(data).toMatchObject({ id: runId, conclusion: 'failure' });
    const error = await rejection(
      octokit.rest.checks.get({ owner: 'acme', repo: 'other', check_run_id: runId }),
    );
    expect(error.status).toBe(404);
  });

  it("lists a ref's runs: latest of each name by default, or all, filtered by name and status", async () => {
    await octokit.rest.checks.create({ ...REPO, name: 'remote-ci', head_sha: SHA, status: 'queued' });
    await octokit.rest.checks.create({ ...REPO, name: 'lint', head_sha: SHA, conclusion: 'success' });
    await octokit.rest.checks.create({ ...REPO, name: 'lint', head_sha: OTHER_SHA, conclusion: 'success' });
    const list = async (query: Record<string, unknown>) => {
      const { data } = await octokit.rest.checks.listForRef({ ...REPO, ref: SHA, ...query });
      return { total: data.total_count, runs: data.check_runs.map((run) => `${run.name}:${run.status}`) };
    };
    expect(await list({})).toEqual({ total: 2, runs: ['lint:completed', 'remote-ci:queued'] });
    expect(await list({ filter: 'all' })).toEqual({
      total: 3,
      runs: ['lint:completed', 'remote-ci:queued', 'remote-ci:completed'],
    });
    expect(await list({ filter: 'all', check_name: 'remote-ci' })).toEqual({
      total: 2,
      runs: ['remote-ci:queued', 'remote-ci:completed'],
    });
    expect(await list({ filter: 'all', status: 'completed' })).toEqual({
      total: 2,
      runs: ['lint:completed', 'remote-ci:completed'],
    });
    expect(await list({ app_id: 1 })).toEqual({ total: 0, runs: [] });
    const paged = await octokit.rest.checks.listForRef({
      ...REPO,
      ref: SHA,
      filter: 'all',
      per_page: 1,
      page: 2,
    });
    expect(paged.data.total_count).toBe(3);
    expect(paged.data.check_runs.map((run) => run.name)).toEqual(['remote-ci']);
    expect(paged.headers.link).toContain('rel="prev"');
  });

  it('reopens a run when its status goes back to in_progress', async () => {
    const { data } = await octokit.rest.checks.update({
      ...REPO,
      check_run_id: runId,
      status: 'in_progress',
    });
    expect(data).toMatchObject({ status: 'in_progress', conclusion: null, completed_at: null });
  });

  it('answers 404 for a run that does not exist', async () => {
    const error = await rejection(
      octokit.rest.checks.update({ ...REPO, check_run_id: 1, conclusion: 'success' }),
    );
    expect(error.status).toBe(404);
  });

  it('shows every run to tests, oldest first, and found nothing to complain about', () => {
    expect(gh.checkRuns().map((run) => run.name)).toEqual(['remote-ci', 'remote-ci', 'lint', 'lint']);
    expect(gh.violations).toEqual([]);
  });
});
