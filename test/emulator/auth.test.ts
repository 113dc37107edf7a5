import { beforeEach, describe, expect, it } from 'vitest';
import { call, DEMO, env, fileEmulator, get, IDS, OUTSIDER, triggerRun } from './helpers.ts';

const emu = await fileEmulator();
let sandboxRun: { id: string };
let stepLogUrl: string;
let workflowId: string;
let legacyBuildId: string;

beforeEach(async () => {
  sandboxRun = await triggerRun(emu, {
    pipelineId: IDS.sandboxBuild,
    envVars: env({ EMULATOR_QUEUE_MS: 0 }),
  });
  emu.control.advance(10);
  const steps = await get(emu, `/runs/${sandboxRun.id}/steps`, DEMO);
  stepLogUrl = steps.body[0].logUrl;
  workflowId = emu.control.runs().find((run) => run.id === sandboxRun.id)?.workflowId ?? '';
  legacyBuildId = (await get(emu, '/applications/acme/legacy/builds', DEMO)).body[0].id;
});

const privateReads = () => [
  '/applications/acme/legacy',
  '/applications/acme/legacy/builds',
  '/applications/acme/legacy/deploys',
  '/applications/demo/sandbox',
  '/applications/demo/sandbox/pipelines',
  `/builds/${legacyBuildId}`,
  `/runs?applicationId=${IDS.sandbox}`,
  `/runs?pipelineId=${IDS.sandboxBuild}`,
  `/runs/${sandboxRun.id}`,
  `/runs/${sandboxRun.id}/steps`,
  stepLogUrl.slice(stepLogUrl.indexOf('/api/v3') + '/api/v3'.length),
  `/workflows?applicationId=${IDS.sandbox}`,
  `/workflows/${workflowId}`,
  `/pipelines/${IDS.sandboxBuild}`,
];

describe('private resources', () => {
  it('need a token (401), of someone with access (403)', async () => {
    for (const path of privateReads()) {
      const anonymous = await get(emu, path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body, path).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Authentication required',
      });
      const outsider = await get(emu, path, OUTSIDER);
      expect(outsider.status, path).toBe(403);
      expect(outsider.body, path).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Not authorized to access this resource',
      });
      expect((await get(emu, path, DEMO)).status, path).toBe(200);
    }
  });

  it('accept the token as ?token= too', async () => {
    expect((await fetch(`${stepLogUrl}?token=${DEMO}`)).status).toBe(200);
    expect((await get(emu, `/applications/acme/legacy?token=${DEMO}`)).status).toBe(200);
    expect((await call(emu, 'PUT', `/runs/${sandboxRun.id}/abort?token=${DEMO}`)).status).toBe(200);
  });
});

describe('public resources', () => {
  it('can be read without a token or by anyone', async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    for (const path of [
      '/applications/acme/webapp',
      `/runs/${run.id}`,
      `/runs?applicationId=${IDS.webapp}`,
      `/workflows?applicationId=${IDS.webapp}`,
      `/pipelines/${IDS.build}`,
      '/applications/acme/docker-classic/builds',
    ]) {
      expect((await get(emu, path)).status, path).toBe(200);
      expect((await get(emu, path, OUTSIDER)).status, path).toBe(200);
    }
  });

  it('cannot be changed without a token (401) or by an outsider (403)', async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(1000);
    const writes: [string, string, unknown][] = [
      ['POST', '/runs', { pipelineId: IDS.build }],
      ['PUT', `/runs/${run.id}/abort`, {}],
      ['PATCH', '/applications/acme/webapp', { ignoredBranches: [] }],
      ['POST', '/builds', { applicationId: IDS.dockerClassic }],
    ];
    for (const [method, path, body] of writes) {
      expect((await call(emu, method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await call(emu, method, path, { body, token: OUTSIDER })).status, `${method} ${path}`).toBe(
        403,
      );
    }
    expect(emu.control.runs().find((candidate) => candidate.id === run.id)?.status).toBe('running');
  });

  it('a write without a token is refused before its body is validated', async () => {
    const res = await call(emu, 'POST', '/runs', { body: {} });
    expect(res.status).toBe(401);
  });
});

describe('tokens', () => {
  it('an unknown token is 401 everywhere, even on public reads', async () => {
    for (const path of ['/applications/acme', '/applications/acme/webapp', `/pipelines/${IDS.build}`]) {
      const res = await get(emu, path, 'nope');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'You are not authorized to access the resource',
      });
    }
    expect((await get(emu, '/applications/acme?token=nope')).status).toBe(401);
  });

  it('takes the Bearer scheme in any case and refuses other schemes', async () => {
    const withHeader = (value: string) =>
      call(emu, 'GET', '/applications/acme/legacy', { headers: { authorization: value } });
    expect((await withHeader(`bearer ${DEMO}`)).status).toBe(200);
    expect((await withHeader(`BEARER  ${DEMO}`)).status).toBe(200);
    expect((await withHeader(`Basic ${Buffer.from('demo:x').toString('base64')}`)).status).toBe(401);
  });

  it('a trigger is made in the name of the token owner', async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    expect(run.user.meta.username).toBe('demo');
  });
});
