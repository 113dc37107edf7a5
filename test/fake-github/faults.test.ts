import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAULT_KINDS,
  startFakeGitHub,
  TRANSIENT_FAULT_KINDS,
  type FakeGitHub,
  type FaultKind,
} from '../../tools/fake-github/index.ts';
import { client, raw, REPO, rejection, SHA } from './helpers.ts';

const gh = await startFakeGitHub();
const octokit = client(gh);
afterAll(() => gh.close());
beforeEach(() => gh.clearFaults());

const createRun = (fake: FakeGitHub = gh) =>
  client(fake).rest.checks.create({ ...REPO, name: 'remote-ci', head_sha: SHA, status: 'in_progress' });
const combined = () => octokit.rest.repos.getCombinedStatusForRef({ ...REPO, ref: SHA });

describe('scripted faults', () => {
  it('403 Resource not accessible by integration, naming the permission the token lacks', async () => {
    gh.fail('checks/create', 'forbidden');
    const error = await rejection(createRun());
    expect(error.status).toBe(403);
    expect(error.response?.data).toEqual({
      message: 'Resource not accessible by integration',
      // The operation's own documentation link, as the description gives it.
      documentation_url: gh.backend.getOperation('checks/create')!.externalDocs!.url,
      status: '403',
    });
    expect(error.response?.headers['x-accepted-github-permissions']).toBe('checks=write');
    gh.fail('listDeployments', 'forbidden');
    const list = await rejection(octokit.rest.repos.listDeployments(REPO));
    expect(list.response?.headers['x-accepted-github-permissions']).toBe('deployments=read');
  });

  it('404 Not Found', async () => {
    gh.fail('createCommitStatus', 'not-found');
    const error = await rejection(
      octokit.rest.repos.createCommitStatus({ ...REPO, sha: SHA, state: 'pending' }),
    );
    expect(error.status).toBe(404);
    expect(error.response?.data).toMatchObject({ message: 'Not Found', status: '404' });
    expect(gh.statuses(SHA)).toEqual([]);
  });

  it.each([
    ['server-error', 500, 'application/json; charset=utf-8'],
    ['bad-gateway', 502, 'text/html; charset=utf-8'],
    ['unavailable', 503, 'application/json; charset=utf-8'],
  ] as const)('%s: %i', async (kind, status, contentType) => {
    gh.fail('getCombinedStatusForRef', kind);
    const error = await rejection(combined());
    expect(error.status).toBe(status);
    expect(error.response?.headers['content-type']).toBe(contentType);
  });

  it('a secondary rate limit: 403, retry-after and the documented message', async () => {
    gh.fail('getCombinedStatusForRef', 'secondary-rate-limit', 1, { retryAfter: 60 });
    const error = await rejection(combined());
    expect(error.status).toBe(403);
    expect(error.response?.headers['retry-after']).toBe('60');
    expect(error.response?.data.message).toMatch(
      /^You have exceeded a secondary rate limit\. Please wait a few minutes before you try again\./,
    );
    // What @octokit/plugin-throttling keys on.
    expect(error.response?.data.message).toMatch(/\bsecondary rate\b/i);
    expect(error.response?.data.documentation_url).toContain('#about-secondary-rate-limits');
  });

  it.each([
    ['rate-limit', 403],
    ['rate-limit-429', 429],
  ] as const)(
    'a primary rate limit (%s): %i with x-ratelimit-remaining 0 and the reset',
    async (kind, status) => {
      gh.fail('getCombinedStatusForRef', kind, 1, { retryAfter: 30 });
      const before = Math.floor(Date.now() / 1000);
      const error = await rejection(combined());
      expect(error.status).toBe(status);
      const headers = error.response!.headers;
      expect(headers['x-ratelimit-remaining']).toBe('0');
      expect(headers['x-ratelimit-limit']).toBe('5000');
      const reset = Number(headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(before + 30);
      expect(reset).toBeLessThanOrEqual(before + 32);
      expect(error.response?.data.message).toMatch(/^API rate limit exceeded for installation ID \d+\./);
    },
  );

  it('a lost response: the check run is created, then the socket is destroyed before any answer', async () => {
    gh.fail('createCheckRun', 'lost');
    const before = gh.checkRuns().length;
    const error = await rejection(createRun());
    expect(error.message).toMatch(/other side closed|socket|fetch failed|terminated/i);
    expect(gh.checkRuns()).toHaveLength(before + 1);
    expect(gh.requests.at(-1)).toMatchObject({ operationId: 'checks/create', lost: true, fault: 'lost' });
    expect(gh.requests.at(-1)!.status).toBeUndefined();
    expect((await createRun()).status).toBe(201);
  });

  it('lasts the next N calls, or always until cleared', async () => {
    gh.fail('getCombinedStatusForRef', 'unavailable', 2);
    expect((await rejection(combined())).status).toBe(503);
    expect((await rejection(combined())).status).toBe(503);
    expect((await combined()).status).toBe(200);
    gh.fail('repos/get-combined-status-for-ref', 'server-error', 'always');
    for (let i = 0; i < 3; i += 1) expect((await rejection(combined())).status).toBe(500);
    gh.clearFaults();
    expect((await combined()).status).toBe(200);
  });

  it('with `when`, only the calls it accepts get the fault, and only they count', async () => {
    const status = (state: 'pending' | 'success') =>
      octokit.rest.repos.createCommitStatus({ ...REPO, sha: SHA, state, context: 'when' });
    gh.fail('createCommitStatus', 'unavailable', 1, { when: (call) => call.body.state === 'success' });
    expect((await status('pending')).status).toBe(201);
    expect((await rejection(status('success'))).status).toBe(503);
    expect((await status('success')).status).toBe(201);
  });

  it('"*" is every operation; a fault applies only to calls that pass validation', async () => {
    gh.fail('*', 'server-error', 2);
    const invalid = await raw(gh, 'POST', `/repos/acme/webapp/statuses/${SHA}`, { body: { state: 'nope' } });
    expect(invalid.status).toBe(422);
    expect((await rejection(octokit.rest.repos.listDeployments(REPO))).status).toBe(500);
    expect((await rejection(combined())).status).toBe(500);
    expect((await combined()).status).toBe(200);
    gh.violations.length = 0;
  });

  it('refuses unknown operations, kinds and counts', () => {
    expect(() => gh.fail('createPullRequest', 'forbidden')).toThrow(/unknown operation "createPullRequest"/);
    expect(() => gh.fail('checks/create', 'teapot' as FaultKind)).toThrow(/unknown fault kind/);
    expect(() => gh.fail('checks/create', 'forbidden', 0)).toThrow(/times/);
    expect(() => gh.random({ seed: 1, rate: 2 })).toThrow(/rate/);
  });

  it('counts every fault injected, by kind and by operation', () => {
    const counters = gh.faultsInjected;
    expect(counters.total).toBe(Object.values(counters.byKind).reduce((a, b) => a + b, 0));
    expect(counters.byKind.lost).toBe(1);
    expect(counters.byKind.forbidden).toBe(2);
    expect(counters.byOperation['checks/create']).toBe(2);
    expect(gh.violations).toEqual([]);
  });
});

describe('seeded random faults', () => {
  async function chaos(seed: number, kinds?: readonly FaultKind[]) {
    const fake = await startFakeGitHub();
    try {
      fake.random({ seed, rate: 0.5, ...(kinds ? { kinds } : {}) });
      const outcomes: string[] = [];
      for (let i = 0; i < 24; i += 1) {
        try {
          await client(fake).rest.repos.getCombinedStatusForRef({ ...REPO, ref: SHA });
          outcomes.push('ok');
        } catch (error) {
          outcomes.push(String((error as { status?: number }).status ?? 'lost'));
        }
      }
      return { outcomes, counters: structuredClone(fake.faultsInjected), violations: fake.violations };
    } finally {
      await fake.close();
    }
  }

  it('one seed gives one sequence of faults, counted by kind', async () => {
    const first = await chaos(7);
    const again = await chaos(7);
    const other = await chaos(8);
    expect(again.outcomes).toEqual(first.outcomes);
    expect(other.outcomes).not.toEqual(first.outcomes);
    const faults = first.outcomes.filter((outcome) => outcome !== 'ok').length;
    expect(first.counters.total).toBe(faults);
    expect(faults).toBeGreaterThan(4);
    expect(faults).toBeLessThan(20);
    for (const kind of FAULT_KINDS) {
      if (!TRANSIENT_FAULT_KINDS.includes(kind)) expect(first.counters.byKind[kind]).toBe(0);
    }
    expect(first.violations).toEqual([]);
  });

  it('draws only the kinds asked for, and only on the operations asked for', async () => {
    const only503 = await chaos(3, ['unavailable']);
    expect(new Set(only503.outcomes)).toEqual(new Set(['ok', '503']));
    gh.random({ seed: 1, rate: 1, operations: ['createCommitStatus'] });
    expect((await combined()).status).toBe(200);
    const error = await rejection(
      octokit.rest.repos.createCommitStatus({ ...REPO, sha: SHA, state: 'pending' }),
    );
    expect(error.status ?? 0).not.toBe(201);
    gh.random(undefined);
  });
});
