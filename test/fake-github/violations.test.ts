import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { requestBodySchema } from '../../tools/fake-github/backend.ts';
import { startFakeGitHub, type FakeGitHub } from '../../tools/fake-github/index.ts';
import { client, raw, REPO, rejection, SHA } from './helpers.ts';

const gh = await startFakeGitHub();
const octokit = client(gh);
afterAll(() => gh.close());
beforeEach(() => {
  gh.violations.length = 0;
});

const RUNS = '/repos/acme/webapp/check-runs';
const annotations = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    path: 'a.ts',
    start_line: i + 1,
    end_line: i + 1,
    annotation_level: 'notice',
    message: 'm',
  }));

interface Schema {
  properties?: Record<string, Schema>;
  maxItems?: number;
  maxLength?: number;
}

/** The request body schema the fake validates with, straight from the description. */
function bodySchema(operationId: string): Schema {
  return requestBodySchema(gh.backend.getOperation(operationId)!) as Schema;
}

function onlyViolation(fake: FakeGitHub) {
  expect(fake.violations).toHaveLength(1);
  return fake.violations[0]!;
}

describe('requests the fake does not serve', () => {
  it('answers 404 and records "not implemented by the fake"', async () => {
    const answer = await raw(gh, 'GET', '/repos/acme/webapp/pulls');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: 'Not Found' });
    expect(onlyViolation(gh)).toMatchObject({
      kind: 'not-implemented',
      method: 'GET',
      path: '/repos/acme/webapp/pulls',
      message: expect.stringContaining('not implemented by the fake'),
    });
    await raw(gh, 'DELETE', `${RUNS}/1`);
    expect(gh.violations[1]).toMatchObject({ kind: 'not-implemented', method: 'DELETE' });
  });
});

describe('authentication', () => {
  it('answers 401 without a token, and records the token of every request', async () => {
    const none = await raw(gh, 'GET', `/repos/acme/webapp/commits/${SHA}/status`, { authorization: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ message: 'Requires authentication' });
    expect(onlyViolation(gh)).toMatchObject({
      kind: 'unauthenticated',
      operationId: 'repos/get-combined-status-for-ref',
    });
    const basic = await raw(gh, 'GET', `/repos/acme/webapp/commits/${SHA}/status`, {
      authorization: 'Basic eDp5',
    });
    expect(basic.status).toBe(401);
    expect(basic.body).toMatchObject({ message: 'Bad credentials' });
    expect(gh.requests.at(-1)!.token).toBeUndefined();
    const bearer = await raw(gh, 'GET', `/repos/acme/webapp/commits/${SHA}/status`, {
      authorization: 'Bearer ghp_user',
    });
    expect(bearer.status).toBe(200);
    expect(gh.requests.at(-1)!.token).toBe('ghp_user');
    await client(gh, 'ghs_other').rest.repos.getCombinedStatusForRef({ ...REPO, ref: SHA });
    expect(gh.requests.at(-1)).toMatchObject({ token: 'ghs_other', status: 200 });
  });
});

describe('requests the description refuses', () => {
  it('a body that is not JSON: 400', async () => {
    const answer = await raw(gh, 'POST', RUNS, { rawBody: '{"name":' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Problems parsing JSON');
    expect(onlyViolation(gh).kind).toBe('malformed-json');
  });

  it('a missing required body', async () => {
    const answer = await raw(gh, 'POST', `/repos/acme/webapp/statuses/${SHA}`);
    expect(answer.status).toBe(422);
    expect(onlyViolation(gh)).toMatchObject({
      kind: 'request-schema',
      operationId: 'repos/create-commit-status',
    });
  });

  it('a missing required field', async () => {
    const error = await rejection(
      octokit.rest.checks.create({ ...REPO, name: 'x' } as Parameters<typeof octokit.rest.checks.create>[0]),
    );
    expect(error.status).toBe(422);
    expect(error.message).toContain('"head_sha" wasn\'t supplied.');
    expect(onlyViolation(gh).kind).toBe('request-schema');
  });

  it('a check-run conclusion outside the enum', async () => {
    const call = octokit.rest.checks.create({
      ...REPO,
      name: 'x',
      head_sha: SHA,
      conclusion: 'passed' as 'success',
    });
    const error = await rejection(call);
    expect(error.status).toBe(422);
    expect(error.message).toContain(`For 'properties/conclusion', "passed" is not a member of`);
    expect(onlyViolation(gh)).toMatchObject({ kind: 'request-schema', operationId: 'checks/create' });
  });

  it('a commit status state outside the enum, and a field of the wrong type', async () => {
    const answer = await raw(gh, 'POST', `/repos/acme/webapp/statuses/${SHA}`, {
      body: { state: 'ok', context: 7 },
    });
    expect(answer.status).toBe(422);
    expect(gh.violations[0]!.message).toContain('is not a member of');
    expect(gh.violations[0]!.message).toContain("For 'properties/context', 7 is not a string.");
  });

  it("a bad path parameter: 404, as GitHub's router answers", async () => {
    const answer = await raw(gh, 'GET', `${RUNS}/not-a-number`);
    expect(answer.status).toBe(404);
    expect(onlyViolation(gh)).toMatchObject({ kind: 'request-schema', operationId: 'checks/get' });
  });

  it('an unknown query parameter, and a query value outside its enum', async () => {
    expect((await raw(gh, 'GET', `/repos/acme/webapp/commits/${SHA}/check-runs?colour=red`)).status).toBe(
      422,
    );
    expect(gh.violations[0]!.message).toBe('"colour" is not a permitted key.');
    expect((await raw(gh, 'GET', `/repos/acme/webapp/commits/${SHA}/check-runs?status=done`)).status).toBe(
      422,
    );
    expect(gh.violations[1]!.message).toContain('For \'query/status\', "done" is not a member of');
  });

  it('an unknown body field, at any depth, though GitHub would ignore it', async () => {
    const answer = await raw(gh, 'POST', RUNS, {
      body: { name: 'x', head_sha: SHA, colour: 'red', output: { title: 't', summary: 's', sumary: 's' } },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('"colour" is not a permitted key.');
    expect(onlyViolation(gh)).toMatchObject({
      kind: 'unknown-field',
      message: expect.stringContaining('output.sumary'),
    });
  });

  it('a free-form deployment payload may hold any field', async () => {
    const answer = await raw(gh, 'POST', '/repos/acme/webapp/deployments', {
      body: { ref: SHA, payload: { anything: { at: 'all' } }, required_contexts: [] },
    });
    expect(answer.status).toBe(201);
    expect(gh.violations).toEqual([]);
  });

  it('a check run output without a title or a summary', async () => {
    const call = octokit.rest.checks.create({
      ...REPO,
      name: 'x',
      head_sha: SHA,
      output: { title: 't' } as never,
    });
    expect((await rejection(call)).status).toBe(422);
    expect(onlyViolation(gh).kind).toBe('request-schema');
  });

  it('more than 50 annotations: the description itself says maxItems 50', async () => {
    const schema = bodySchema('checks/create');
    expect(schema.properties!.output!.properties!.annotations!.maxItems).toBe(50);
    expect(schema.properties!.output!.properties!.summary!.maxLength).toBe(65535);
    const fifty = await raw(gh, 'POST', RUNS, {
      body: { name: 'x', head_sha: SHA, output: { title: 't', summary: 's', annotations: annotations(50) } },
    });
    expect(fifty.status).toBe(201);
    const answer = await raw(gh, 'POST', RUNS, {
      body: { name: 'x', head_sha: SHA, output: { title: 't', summary: 's', annotations: annotations(51) } },
    });
    expect(answer.status).toBe(422);
    expect(onlyViolation(gh)).toMatchObject({
      kind: 'request-schema',
      message: expect.stringContaining('maximum is 50'),
    });
  });

  it('a summary over 65535 characters', async () => {
    const body = { name: 'x', head_sha: SHA, output: { title: 't', summary: 'x'.repeat(65536) } };
    expect((await raw(gh, 'POST', RUNS, { body })).status).toBe(422);
    expect(onlyViolation(gh).kind).toBe('request-schema');
  });
});

describe("GitHub's rules the description leaves to prose", () => {
  it('a commit status description over 140 characters: 422 Validation Failed', async () => {
    const schema = bodySchema('repos/create-commit-status');
    expect(schema.properties!.description!.maxLength).toBeUndefined();
    const ok = await raw(gh, 'POST', `/repos/acme/webapp/statuses/${SHA}`, {
      body: { state: 'success', description: 'é'.repeat(140) },
    });
    expect(ok.status).toBe(201);
    const answer = await raw(gh, 'POST', `/repos/acme/webapp/statuses/${SHA}`, {
      body: { state: 'success', description: 'x'.repeat(141) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Status', field: 'description', code: 'custom' }],
    });
    expect(onlyViolation(gh)).toMatchObject({
      kind: 'github-rule',
      message: 'description is too long (maximum is 140 characters)',
    });
  });

  it('a deployment status description over 140 characters', async () => {
    const created = await octokit.rest.repos.createDeployment({ ...REPO, ref: SHA, required_contexts: [] });
    const id = 'id' in created.data ? created.data.id : 0;
    const call = octokit.rest.repos.createDeploymentStatus({
      ...REPO,
      deployment_id: id,
      state: 'success',
      description: 'x'.repeat(141),
    });
    const error = await rejection(call);
    expect(error.status).toBe(422);
    expect(error.response?.data.errors[0]).toMatchObject({
      resource: 'DeploymentStatus',
      field: 'description',
    });
    expect(onlyViolation(gh).kind).toBe('github-rule');
  });

  it.each([
    ['status completed without a conclusion', { name: 'x', head_sha: SHA, status: 'completed' }],
    ['completed_at without a conclusion', { name: 'x', head_sha: SHA, completed_at: '2026-01-01T00:00:00Z' }],
    ['the conclusion stale', { name: 'x', head_sha: SHA, conclusion: 'stale' }],
    [
      'columns on an annotation spanning lines',
      {
        name: 'x',
        head_sha: SHA,
        output: {
          title: 't',
          summary: 's',
          annotations: [
            {
              path: 'a',
              start_line: 1,
              end_line: 2,
              start_column: 1,
              annotation_level: 'notice',
              message: 'm',
            },
          ],
        },
      },
    ],
  ])('creating a check run with %s', async (_, body) => {
    expect((await raw(gh, 'POST', RUNS, { body })).status).toBe(422);
    expect(onlyViolation(gh)).toMatchObject({ kind: 'github-rule', operationId: 'checks/create' });
  });

  it('updating a check run: an output without its title, and a status only GitHub Actions may set', async () => {
    const { data } = await octokit.rest.checks.create({ ...REPO, name: 'x', head_sha: SHA });
    const withoutTitle = octokit.rest.checks.update({
      ...REPO,
      check_run_id: data.id,
      output: { summary: 's' },
    });
    expect((await rejection(withoutTitle)).status).toBe(422);
    expect(gh.violations[0]).toMatchObject({
      kind: 'github-rule',
      message: expect.stringContaining('"title"'),
    });
    const waiting = octokit.rest.checks.update({
      ...REPO,
      check_run_id: data.id,
      status: 'waiting' as 'queued',
    });
    expect((await rejection(waiting)).status).toBe(422);
    expect(gh.violations).toHaveLength(2);
  });
});

describe("the fake's own answers", () => {
  it('are checked against the response schemas, so a fake bug is recorded', async () => {
    const broken = await startFakeGitHub({ clock: () => new Date('+010000-01-01T00:00:00Z') });
    try {
      const created = await client(broken).rest.checks.create({ ...REPO, name: 'x', head_sha: SHA });
      expect(created.status).toBe(201);
      expect(onlyViolation(broken)).toMatchObject({
        kind: 'response-schema',
        operationId: 'checks/create',
        message: "the fake's 201 answer does not match the description",
      });
    } finally {
      await broken.close();
    }
  });

  it('the validator refuses a body missing a required field', () => {
    const result = gh.backend.validateResponse({ id: 1 }, 'checks/get', 200);
    expect(result.valid).toBe(false);
  });
});
