// The request log: never an environment variable's value, and only the latest requests.
import { describe, expect, it } from 'vitest';
import { loggedBody, RequestLog } from '../../src/emulator/request-log.ts';
import { call, DEMO, fileEmulator, frozenEmulator, get, IDS } from './helpers.ts';

const emu = await fileEmulator();
const SECRET = 'hunter2-do-not-log';

describe('the request log', () => {
  it('keeps the keys of envVars but none of their values, over HTTP and in-process', async () => {
    const envVars = [
      { key: 'DEPLOY_KEY', value: SECRET },
      { key: 'EMULATOR_STEP_MS', value: '10' },
    ];
    expect(
      (await call(emu, 'POST', '/runs', { token: DEMO, body: { pipelineId: IDS.test, envVars } })).status,
    ).toBe(200);
    const build = { applicationId: IDS.legacy, envVars: [{ key: 'DEPLOY_KEY', value: SECRET }] };
    expect((await call(emu, 'POST', '/builds', { token: DEMO, body: build })).status).toBe(200);
    const logged = emu.control.requests();
    expect(logged.map((entry) => entry.body)).toEqual([
      {
        pipelineId: IDS.test,
        envVars: [
          { key: 'DEPLOY_KEY', value: '[redacted]' },
          { key: 'EMULATOR_STEP_MS', value: '[redacted]' },
        ],
      },
      { applicationId: IDS.legacy, envVars: [{ key: 'DEPLOY_KEY', value: '[redacted]' }] },
    ]);
    const overHttp = await call(emu, 'GET', '/_emulator/requests');
    expect(overHttp.text).not.toContain(SECRET);
    expect(overHttp.body).toEqual(logged);
  });

  it.each([
    { envVars: [{ key: 'A', value: SECRET, extra: SECRET }] },
    { envVars: [{ value: SECRET }] },
    { envVars: [{ key: 'A', value: { nested: SECRET } }] },
    { envVars: [{ key: 'A', value: [SECRET] }] },
    { envVars: { A: SECRET } },
    { envVars: [`A=${SECRET}`] },
    { envVars: `A=${SECRET}` },
    { nested: { envVars: [{ key: 'A', value: SECRET }] } },
    { list: [{ key: 'A', value: SECRET }] },
  ])('holds no value of the refused body %j', async (body) => {
    const res = await call(emu, 'POST', '/runs', { token: DEMO, body: { pipelineId: IDS.test, ...body } });
    expect(res.status).toBe(400);
    const [entry] = emu.control.requests();
    expect(entry?.status).toBe(400);
    expect(JSON.stringify(entry?.body)).not.toContain(SECRET);
  });

  it('also redacts a body that got an injected fault', async () => {
    emu.control.injectFault({ route: '/api/v3/runs', status: 503 });
    const body = { pipelineId: IDS.test, envVars: [{ key: 'A', value: SECRET }] };
    expect((await call(emu, 'POST', '/runs', { token: DEMO, body })).status).toBe(503);
    expect(JSON.stringify(emu.control.requests())).not.toContain(SECRET);
  });

  it('leaves everything else as sent', () => {
    const body = { pipelineId: 'p', message: 'm', branch: 'b', ignoredBranches: ['x'], n: 1, flag: null };
    expect(loggedBody(body)).toEqual(body);
    expect(loggedBody('text')).toBe('text');
    expect(loggedBody({ envVars: null })).toEqual({ envVars: null });
  });

  it('keeps no body of a request without a known token', async () => {
    const body = { pipelineId: IDS.test, message: 'sent by anyone' };
    expect((await call(emu, 'POST', '/runs', { body })).status).toBe(401);
    expect((await call(emu, 'POST', '/runs', { token: 'not-a-known-token', body })).status).toBe(401);
    expect(emu.control.requests().map((entry) => entry.body)).toEqual([undefined, undefined]);
    expect((await call(emu, 'POST', '/runs', { token: DEMO, body })).status).toBe(200);
    expect(emu.control.requests().at(-1)?.body).toEqual(body);
  });

  it('keeps the start of a body over 4 KiB, and says it was cut', async () => {
    const body = { pipelineId: IDS.test, message: 'm'.repeat(100_000) };
    expect((await call(emu, 'POST', '/runs', { token: DEMO, body })).status).toBe(200);
    const logged = emu.control.requests()[0]?.body;
    expect(typeof logged).toBe('string');
    const whole = Buffer.byteLength(JSON.stringify(body));
    expect(logged).toMatch(
      new RegExp(`^\\{"pipelineId":"${IDS.test}","message":"m+… \\[cut: ${whole} bytes in all\\]$`),
    );
    expect(Buffer.byteLength(logged as string)).toBeLessThan(4096 + 64);
  });

  it('redacts the token and every credential-looking parameter of a query', async () => {
    const query = new URLSearchParams({
      applicationId: IDS.webapp,
      limit: '2',
      author: 'demo',
      token: DEMO,
      access_token: 'a-secret',
      'X-Amz-Signature': 'b-secret',
      'X-Amz-Credential': 'c-secret',
      api_key: 'd-secret',
      sig: 'e-secret',
    });
    expect((await get(emu, `/runs?${query}`)).status).toBe(200);
    const [entry] = emu.control.requests();
    expect(entry?.query).toEqual({
      applicationId: IDS.webapp,
      limit: '2',
      author: 'demo',
      token: '[redacted]',
      access_token: '[redacted]',
      'X-Amz-Signature': '[redacted]',
      'X-Amz-Credential': '[redacted]',
      api_key: '[redacted]',
      sig: '[redacted]',
    });
    expect(JSON.stringify(emu.control.requests())).not.toMatch(/secret|demo-token/);
  });

  it('keeps the latest requests only, oldest first', async () => {
    const small = await frozenEmulator({ maxRequests: 3 });
    try {
      for (const name of ['a', 'b', 'c', 'd', 'e']) await get(small, `/applications/${name}`);
      expect(small.control.requests().map((entry) => entry.path)).toEqual([
        '/api/v3/applications/c',
        '/api/v3/applications/d',
        '/api/v3/applications/e',
      ]);
      small.control.clearRequests();
      await get(small, '/applications/f');
      expect(small.control.requests().map((entry) => entry.path)).toEqual(['/api/v3/applications/f']);
    } finally {
      await small.close();
    }
  });

  it('is a ring buffer of the size given', () => {
    const log = new RequestLog(2);
    const entry = (path: string) => ({ at: 0, method: 'GET', path, query: {}, hasAuthorization: false });
    for (const path of ['1', '2', '3', '4', '5']) log.add(entry(path));
    expect(log.list().map((logged) => logged.path)).toEqual(['4', '5']);
    expect(() => new RequestLog(0)).toThrow(RangeError);
  });
});
