import { describe, expect, it } from 'vitest';
import {
  call,
  DEMO,
  env,
  fileEmulator,
  get,
  IDS,
  keySet,
  OUTSIDER,
  sortedKeys,
  type Json,
} from './helpers.ts';

const emu = await fileEmulator();

const EMBEDDED_APP = keySet('id', 'url', 'name', 'owner', 'createdAt', 'privacy', 'stack');

async function triggerBuild(body: Record<string, unknown>, token = DEMO): Promise<Json> {
  const res = await call(emu, 'POST', '/builds', { token, body });
  expect(res.status).toBe(200);
  return res.body;
}

describe('POST /builds', () => {
  it('returns the build notstarted/unknown with progress null and its application', async () => {
    const build = await triggerBuild({ applicationId: IDS.legacy, envVars: env({ A: '1' }) });
    expect(sortedKeys(build)).toEqual(
      keySet(
        'id',
        'url',
        'application',
        'branch',
        'createdAt',
        'commitHash',
        'envVars',
        'message',
        'progress',
        'result',
        'status',
      ),
    );
    expect(build.envVars).toEqual([{ key: 'A', value: '1' }]);
    expect(build).toMatchObject({
      status: 'notstarted',
      result: 'unknown',
      progress: null,
      branch: 'master',
      commitHash: 'f4e3d2c1b0a99887766554433221100ffeeddcc1',
      message: 'Bump version to 3.4.1',
    });
    expect(build.url).toBe(`${emu.url}/api/v3/builds/${build.id}`);
    expect(sortedKeys(build.application)).toEqual(EMBEDDED_APP);
    expect(build.application.id).toBe(IDS.legacy);
  });

  it('works on stack 5 and refuses stack 6 with the real message', async () => {
    await triggerBuild({ applicationId: IDS.dockerClassic, branch: 'master' });
    const res = await call(emu, 'POST', '/builds', { token: DEMO, body: { applicationId: IDS.webapp } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid stack, only stack 1 and 5 are supported for builds.',
    });
  });

  it.each([
    [{}, 400],
    [{ applicationId: IDS.legacy, commitHash: 'a'.repeat(40) }, 400],
    [{ applicationId: IDS.legacy, pipelineId: IDS.build }, 400],
    [{ applicationId: '0'.repeat(24) }, 404],
  ])('refuses %j', async (body, status) => {
    expect((await call(emu, 'POST', '/builds', { token: DEMO, body })).status).toBe(status);
  });

  it('needs a member token', async () => {
    expect((await call(emu, 'POST', '/builds', { body: { applicationId: IDS.dockerClassic } })).status).toBe(
      401,
    );
    expect(
      (await call(emu, 'POST', '/builds', { token: OUTSIDER, body: { applicationId: IDS.dockerClassic } }))
        .status,
    ).toBe(403);
  });
});

describe('the build life cycle', () => {
  it('moves notstarted → running → finished and creates a deploy on an auto-deploy application', async () => {
    const { id } = await triggerBuild({ applicationId: IDS.legacy });
    const read = async () => (await get(emu, `/builds/${id}`, DEMO)).body;
    const queued = await read();
    expect(sortedKeys(queued)).toEqual(
      keySet(
        'id',
        'url',
        'application',
        'branch',
        'createdAt',
        'commitHash',
        'envVars',
        'message',
        'progress',
        'result',
        'status',
      ),
    );
    expect(queued.progress).toBeNull();
    emu.control.advance(1000 + 1500);
    expect(await read()).toMatchObject({ status: 'running', progress: 25 });
    emu.control.advance(60_000);
    const done = await read();
    expect(done).toMatchObject({ status: 'finished', result: 'passed', progress: 100 });
    expect(sortedKeys(done)).toContain('finishedAt');
    const deploys = (await get(emu, `/applications/acme/legacy/deploys?buildId=${id}`, DEMO)).body;
    expect(deploys).toHaveLength(1);
    expect(deploys[0]).toMatchObject({ status: 'finished', result: 'passed' });
  });

  it('follows the outcome controls; a failed build makes no deploy', async () => {
    const { id } = await triggerBuild({
      applicationId: IDS.legacy,
      envVars: env({ EMULATOR_RESULT: 'failed' }),
    });
    emu.control.advance(60_000);
    expect((await get(emu, `/builds/${id}`, DEMO)).body).toMatchObject({ result: 'failed', progress: 75 });
    expect((await get(emu, `/applications/acme/legacy/deploys?buildId=${id}`, DEMO)).body).toEqual([]);
  });

  it('aborts like a run: 400 before it starts, finished/aborted while running, 400 once finished', async () => {
    const { id } = await triggerBuild({ applicationId: IDS.legacy });
    const abort = () => call(emu, 'PUT', `/builds/${id}/abort`, { token: DEMO, body: {} });
    const early = await abort();
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(`Build ${id} has not started yet and cannot be aborted`);
    emu.control.advance(1000);
    const aborted = await abort();
    expect(aborted.status).toBe(200);
    expect(aborted.body).toMatchObject({ id, status: 'finished', result: 'aborted' });
    expect(aborted.body.finishedAt).toBe(new Date(emu.control.now()).toISOString());
    expect((await abort()).body.message).toBe(`Build ${id} is already finished`);
    expect((await call(emu, 'PUT', `/builds/${id}/abort`, { token: OUTSIDER })).status).toBe(403);
  });

  it('lists 10 builds by default, leaving out the times a build does not have yet', async () => {
    for (let i = 0; i < 11; i++) await triggerBuild({ applicationId: IDS.legacy, message: `b${i}` });
    const list = (await get(emu, '/applications/acme/legacy/builds', DEMO)).body;
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ message: 'b10', status: 'notstarted', progress: null });
    expect(sortedKeys(list[0])).toEqual(
      keySet('id', 'url', 'branch', 'createdAt', 'message', 'progress', 'result', 'status'),
    );
    expect((await get(emu, '/applications/acme/legacy/builds?limit=20', DEMO)).body).toHaveLength(14);
  });

  it('answers 404 for unknown builds and deploys', async () => {
    expect((await get(emu, `/builds/${'0'.repeat(24)}`, DEMO)).status).toBe(404);
    expect((await get(emu, `/deploys/${'0'.repeat(24)}`, DEMO)).status).toBe(404);
  });
});
