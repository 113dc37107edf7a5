// The retry policy and trigger safety under faults injected into the emulator: real sockets,
// injected sleep and jitter, no fake timers and no timed assertions.

import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.ts';
import { ApiError, describeFailure, TriggerOutcomeUnknownError } from '../../src/api/errors.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import {
  discover,
  endlessSleep,
  pipelineId,
  recordingSleep,
  startStub,
  TOKEN,
  type DefaultWorldIds,
} from './helpers.ts';

let emulator: Emulator;
let ids: DefaultWorldIds;
let runRoute: string;
const clients: ApiClient[] = [];

function makeClient(options: Partial<ClientOptions> = {}) {
  const recorder = recordingSleep();
  const lines: string[] = [];
  const client = new ApiClient({
    baseUrl: emulator.url,
    token: TOKEN,
    sleep: recorder.sleep,
    random: () => 0.5,
    debug: (line) => lines.push(line),
    ...options,
  });
  clients.push(client);
  return { client, delays: recorder.delays, lines };
}

const requestsTo = (method: string, route: string) =>
  emulator.control.requests().filter((request) => request.method === method && request.route === route);

beforeAll(async () => {
  emulator = await startEmulator({ speed: 0 });
  const { client } = makeClient();
  ids = await discover(client);
  const [run] = await client.listRuns({ applicationId: ids.webapp.id, limit: 1 });
  if (!run) throw new Error('the default world has no run of webapp');
  runRoute = run.id;
});

afterEach(() => emulator.control.reset());

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await emulator.close();
});

describe('retrying reads', () => {
  it('rides out 503s with full-jitter exponential backoff', async () => {
    const { client, delays, lines } = makeClient({ retry: { baseMs: 100, capMs: 1_000 } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', status: 503, times: 3 });
    const run = await client.getRun(runRoute);
    expect(run.id).toBe(runRoute);
    // random() = 0.5 → half of min(cap, base × 2^n)
    expect(delays).toEqual([50, 100, 200]);
    expect(requestsTo('GET', '/api/v3/runs/:runId').map((request) => request.status)).toEqual([
      503, 503, 503, 200,
    ]);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^GET \/api\/v3\/runs\/\w+ → 503 in \d+ ms \(attempt 1\/8; retrying in 50 ms\)$/,
    );
    expect(lines[3]).toMatch(/→ 200 in \d+ ms \(attempt 4\/8\)$/);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const { client, delays } = makeClient({ retry: { maxAttempts: 3 } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', status: 502, times: 10 });
    const err = await client.getRun(runRoute).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 502, attempts: 3, retryable: true, kind: 'http' });
    expect((err as ApiError).message).toMatch(/failed with HTTP 502: Injected fault after 3 attempts$/);
    expect(delays).toHaveLength(2);
  });

  it('waits what Retry-After says on a 429, in seconds or as a date', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const { client, delays } = makeClient({ clock: { now: () => now } });
    emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId',
      status: 429,
      retryAfter: '2',
    });
    emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId',
      status: 429,
      retryAfter: new Date(now + 25_000).toUTCString(),
    });
    await client.getRun(runRoute);
    expect(delays).toEqual([2_000, 25_000]);
  });

  it('stops at once when Retry-After is beyond its cap, and reports the wait', async () => {
    const { client, delays } = makeClient({ retry: { retryAfterCapMs: 5_000 } });
    emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId',
      status: 429,
      retryAfter: '120',
    });
    const err = await client.getRun(runRoute).catch((error: unknown) => error);
    expect(err).toMatchObject({ status: 429, retryable: true, retryAfterMs: 120_000, attempts: 1 });
    expect((err as ApiError).message).toMatch(/more than the 5000 ms cap/);
    expect(delays).toEqual([]);
  });

  it("honours a Retry-After of 2 s with 20 s left before the caller's deadline", async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const { client, delays } = makeClient({ clock: { now: () => now } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs', status: 429, retryAfter: '2' });
    const runs = await client.listRuns(
      { applicationId: ids.webapp.id, limit: 5 },
      { deadline: now + 20_000 },
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(delays).toEqual([2_000]);
  });

  it("says when only the caller's deadline refused a retry", async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const { client, delays } = makeClient({ clock: { now: () => now } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs', status: 429, retryAfter: '2' });
    const err = await client
      .listRuns({ applicationId: ids.webapp.id, limit: 5 }, { deadline: now + 1_000 })
      .catch((error: unknown) => error);
    expect(err).toMatchObject({ status: 429, attempts: 1, pastDeadline: true });
    expect(describeFailure(err).pastDeadline).toBe(true);
    expect((err as ApiError).message).toMatch(/gave up: the deadline would be passed/);
    expect(delays).toEqual([]);
  });

  it('does not say so when the retry budget refused it', async () => {
    const { client } = makeClient({ retry: { budgetMs: 1_000 } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs', status: 429, retryAfter: '2' });
    const err = await client.listRuns({ applicationId: ids.webapp.id, limit: 5 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429 });
    expect(describeFailure(err).pastDeadline).toBe(false);
  });

  it('retries a destroyed socket and a PUT abort', async () => {
    const { client, delays } = makeClient();
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId/steps', destroySocket: true });
    await client.getRunSteps(runRoute);
    expect(delays).toHaveLength(1);
    expect(requestsTo('GET', '/api/v3/runs/:runId/steps')).toHaveLength(2);

    const run = await client.triggerRun({
      pipelineId: pipelineId(ids, 'build'),
      envVars: [{ key: 'EMULATOR_STEP_MS', value: '60000' }],
    });
    emulator.control.advance(5_000);
    emulator.control.injectFault({ method: 'PUT', route: '/api/v3/runs/:runId/abort', status: 503 });
    const aborted = await client.abortRun(run.id);
    expect(aborted.result).toBe('aborted');
    expect(requestsTo('PUT', '/api/v3/runs/:runId/abort').map((request) => request.status)).toEqual([
      503, 200,
    ]);
  });

  it('does not retry a PATCH', async () => {
    const { client, delays } = makeClient();
    emulator.control.injectFault({
      method: 'PATCH',
      route: '/api/v3/applications/:username/:application',
      status: 503,
    });
    await expect(client.setIgnoredBranches('acme', 'webapp', ['x'])).rejects.toMatchObject({ status: 503 });
    expect(delays).toEqual([]);
    expect(emulator.control.requests().filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('times out a slow response at the headers timeout, then retries', async () => {
    const { client, lines } = makeClient({ timeouts: { headersMs: 200 } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', delayMs: 2_000 });
    const run = await client.getRun(runRoute);
    expect(run.id).toBe(runRoute);
    expect(lines[0]).toMatch(/→ UND_ERR_HEADERS_TIMEOUT in \d+ ms \(attempt 1\/8; retrying in \d+ ms\)/);

    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', delayMs: 2_000 });
    const err = await client.getRun(runRoute, { retry: { maxAttempts: 1 } }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT', retryable: true });
    expect((err as ApiError).message).toMatch(/timed out: no response within 200 ms/);
  });

  it('never waits past the caller deadline or the retry budget', async () => {
    let now = 1_000_000;
    const clock = { now: () => now };
    const { client, delays } = makeClient({ clock, retry: { baseMs: 1_000, capMs: 1_000 } });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', status: 503, times: 5 });
    const err = await client.getRun(runRoute, { deadline: now + 400 }).catch((error: unknown) => error);
    expect(err).toMatchObject({ status: 503, attempts: 1 });
    expect((err as ApiError).message).toMatch(/deadline/);
    expect(delays).toEqual([]);

    emulator.control.reset();
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', status: 503, times: 5 });
    const tight = makeClient({
      clock,
      sleep: async (ms) => {
        now += ms;
      },
      retry: { baseMs: 1_000, capMs: 1_000, budgetMs: 1_200 },
    });
    const spent = await tight.client.getRun(runRoute).catch((error: unknown) => error);
    // 500 ms after the first attempt, 500 more after the second; a third wait would pass 1200 ms.
    expect(spent).toMatchObject({ status: 503, attempts: 3 });
    expect((spent as ApiError).message).toMatch(/budget/);
  });

  it('stops promptly when the signal aborts during a backoff', async () => {
    const { client } = makeClient({ sleep: endlessSleep });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', status: 503 });
    const controller = new AbortController();
    const pending = client.getRun(runRoute, { signal: controller.signal });
    await waitFor(() => requestsTo('GET', '/api/v3/runs/:runId').some((request) => request.status === 503));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', retryable: false });
  });

  it('aborts the request in flight', async () => {
    const { client } = makeClient();
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', delayMs: 5_000 });
    const controller = new AbortController();
    const pending = client.getRun(runRoute, { signal: controller.signal });
    await waitFor(() => requestsTo('GET', '/api/v3/runs/:runId').length === 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', name: 'ApiError' });
  });

  it('does not send at all when the signal is already aborted', async () => {
    const { client } = makeClient();
    await expect(client.getRun(runRoute, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'aborted',
      attempts: 0,
    });
    expect(emulator.control.requests()).toEqual([]);
  });
});

describe('triggers are never retried', () => {
  const runs = () => emulator.control.runs().length;
  const posts = () => requestsTo('POST', '/api/v3/runs');

  it('reports a lost response after the run was created as an unknown outcome', async () => {
    const { client, delays } = makeClient();
    const before = runs();
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', afterApply: true });
    const err = await client
      .triggerRun({ pipelineId: pipelineId(ids, 'build') })
      .catch((error: unknown) => error);
    expect(err).toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({
      method: 'POST',
      path: '/api/v3/runs',
      retryable: false,
      kind: 'network',
      taken: false,
    });
    expect((err as Error).message).toMatch(
      /the run may have been created anyway: look for it before triggering again/,
    );
    expect(posts()).toHaveLength(1);
    expect(runs()).toBe(before + 1);
    expect(delays).toEqual([]);
  });

  it('treats a 5xx after the run was created as an unknown outcome', async () => {
    const { client } = makeClient();
    const before = runs();
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', afterApply: true, status: 500 });
    const err = await client
      .triggerRun({ pipelineId: pipelineId(ids, 'build') })
      .catch((error: unknown) => error);
    expect(err).toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({ status: 500, kind: 'http', taken: false });
    expect(posts()).toHaveLength(1);
    expect(runs()).toBe(before + 1);
  });

  it('treats a 503 as an unknown outcome without sending again', async () => {
    const { client } = makeClient();
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', status: 503 });
    await expect(client.triggerRun({ pipelineId: pipelineId(ids, 'build') })).rejects.toBeInstanceOf(
      TriggerOutcomeUnknownError,
    );
    expect(posts()).toHaveLength(1);
  });

  it('treats a response that never comes as an unknown outcome', async () => {
    const { client } = makeClient({ timeouts: { headersMs: 200 } });
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/builds', delayMs: 1_000 });
    const err = await client.triggerBuild({ applicationId: ids.legacy.id }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT', path: '/api/v3/builds' });
    expect(requestsTo('POST', '/api/v3/builds')).toHaveLength(1);
  });

  it('reports a 4xx, 429 included, as a plain rejection', async () => {
    const { client } = makeClient();
    const before = runs();
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', status: 429, retryAfter: '3' });
    const throttled = await client
      .triggerRun({ pipelineId: pipelineId(ids, 'build') })
      .catch((error: unknown) => error);
    expect(throttled).not.toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(throttled).toMatchObject({ status: 429, retryable: true, retryAfterMs: 3_000 });
    const missing = await client
      .triggerRun({ pipelineId: 'ffffffffffffffffffffffff' })
      .catch((error: unknown) => error);
    expect(missing).not.toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(missing).toMatchObject({ status: 404, retryable: false });
    expect(posts()).toHaveLength(2);
    expect(runs()).toBe(before);
  });

  it('says a trigger was not sent when the connection is refused', async () => {
    const stub = await startStub(() => undefined);
    const url = stub.url;
    await stub.close();
    const { client } = makeClient({ baseUrl: url });
    const err = await client.triggerRun({ pipelineId: 'p' }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({ kind: 'network', code: 'ECONNREFUSED', retryable: true, attempts: 1 });
  });
});

describe('the token stays secret', () => {
  it('appears in no error, cause or debug line', async () => {
    const secret = 'demo-token';
    const { client, lines } = makeClient({ retry: { maxAttempts: 2 }, timeouts: { headersMs: 200 } });
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', afterApply: true });
    emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId',
      destroySocket: true,
      times: 2,
    });
    emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId/steps', delayMs: 1_000 });
    const failures = await Promise.all([
      client.triggerRun({ pipelineId: pipelineId(ids, 'build') }).catch((error: unknown) => error),
      client.getRun(runRoute).catch((error: unknown) => error),
      client.getRunSteps(runRoute, { retry: { maxAttempts: 1 } }).catch((error: unknown) => error),
      client.getApplication('acme', secret).catch((error: unknown) => error),
    ]);
    expect(failures.every((failure) => failure instanceof Error)).toBe(true);
    for (const failure of failures) {
      expect(JSON.stringify(failure)).not.toContain(secret);
      expect(inspect(failure, { depth: 20, showHidden: true })).not.toContain(secret);
      expect(String((failure as Error).stack)).not.toContain(secret);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('is redacted even when the server echoes it back', async () => {
    const stub = await startStub((_request, response) => {
      response.writeHead(401, { 'content-type': 'text/plain' });
      response.end('token demo-token is not valid');
    });
    const { client } = makeClient({ baseUrl: stub.url });
    const err = (await client.getRun('r1').catch((error: unknown) => error)) as ApiError;
    await stub.close();
    expect(err.serverMessage).toBe('token *** is not valid');
    expect(inspect(err, { depth: 20 })).not.toContain('demo-token');
  });

  it('is redacted when the server echoes it with invisible characters between its characters', async () => {
    // Zero-width space, soft hyphen, word joiner, zero-width joiner, BOM, Hangul filler, variation selector.
    const invisibles = ['\u200b', '\u00ad', '\u2060', '\u200d', '\ufeff', '\u3164', '\ufe0f'];
    const spread = [...'demo-token']
      .map((char, at) => `${char}${invisibles[at % invisibles.length]}`)
      .join('');
    const stub = await startStub((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 401, message: `token ${spread} is not valid` }));
    });
    const { client } = makeClient({ baseUrl: stub.url });
    const err = (await client.getRun('r1').catch((error: unknown) => error)) as ApiError;
    await stub.close();
    expect(err.serverMessage).toBe('token *** is not valid');
    // Read as a person reads it, with the invisible characters gone, the message holds no piece either.
    const readable = inspect(err, { depth: 20 }).replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '');
    expect(readable).not.toContain('demo-tok');
    expect(err.message).toContain('token *** is not valid');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('the condition never came true');
}
