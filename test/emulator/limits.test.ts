// The world keeps a bounded history: past maxRuns (maxBuilds), the oldest finished runs (builds,
// deploys) are forgotten; queued and running ones never are.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type WorldFile } from '../../src/emulator/index.ts';
import { World } from '../../src/emulator/world.ts';
import { call, env, frozenEmulator, get } from './helpers.ts';

const TOKEN = 'solo-token';
const world: WorldFile = {
  startAt: '2030-01-01T00:00:00.000Z',
  users: [{ username: 'solo', token: TOKEN }],
  applications: [
    {
      id: '610000000000000000000001',
      owner: 'solo',
      name: 'tool',
      stack: 6,
      privacy: 'public',
      pipelines: [{ id: '620000000000000000000001', name: 'ci', steps: [{ name: 'check', ms: 1000 }] }],
    },
    {
      id: '610000000000000000000002',
      owner: 'solo',
      name: 'classic',
      stack: 1,
      privacy: 'public',
      autoDeploy: true,
      buildSteps: [{ name: 'build', ms: 1000 }],
      deploySteps: [{ name: 'deploy', ms: 1000 }],
    },
  ],
};
const PIPELINE = '620000000000000000000001';
const CLASSIC = '610000000000000000000002';

const emu = await frozenEmulator({ world, maxRuns: 2, maxBuilds: 1 });
afterAll(() => emu.close());
beforeEach(() => emu.control.reset());

async function trigger(
  vars: Record<string, string | number> = {},
): Promise<{ id: string; workflowId: string }> {
  const res = await call(emu, 'POST', '/runs', {
    token: TOKEN,
    body: { pipelineId: PIPELINE, envVars: env(vars) },
  });
  expect(res.status).toBe(200);
  const id: string = res.body.id;
  return { id, workflowId: emu.control.runs().find((run) => run.id === id)?.workflowId ?? '' };
}

const kept = () => emu.control.runs().map((run) => run.id);

describe('the run cap', () => {
  it('forgets the oldest finished run, never a running one', async () => {
    const running = await trigger({ EMULATOR_STEP_MS: 3_600_000 });
    emu.control.advance(2000);
    const finished = await trigger();
    emu.control.advance(1500);
    const steps = await get(emu, `/runs/${finished.id}/steps`, TOKEN);
    emu.control.advance(5000);
    expect(emu.control.runs().map((run) => run.status)).toEqual(['running', 'finished']);

    const third = await trigger();
    expect(kept()).toEqual([running.id, third.id]);
    expect((await get(emu, `/runs/${finished.id}`, TOKEN)).status).toBe(404);
    expect((await get(emu, `/runsteps/${steps.body[0].id}`, TOKEN)).status).toBe(404);
    expect((await get(emu, `/workflows/${finished.workflowId}`, TOKEN)).status).toBe(404);
    expect((await get(emu, `/runs/${running.id}`, TOKEN)).body.status).toBe('running');
    expect((await get(emu, `/workflows/${running.workflowId}`, TOKEN)).status).toBe(200);
  });

  it('keeps every run while none has finished, then catches up', async () => {
    const running = await trigger({ EMULATOR_STEP_MS: 3_600_000 });
    const queued = [await trigger(), await trigger(), await trigger()];
    expect(kept()).toEqual([running.id, ...queued.map((run) => run.id)]);
    emu.control.advance(10_000);
    const latest = await trigger();
    expect(kept()).toEqual([running.id, latest.id]);
    const list = await get(emu, `/runs?pipelineId=${PIPELINE}`, TOKEN);
    expect(list.body.map((run: { id: string }) => run.id)).toEqual([latest.id, running.id]);
  });
});

describe('the build cap', () => {
  it('forgets the oldest finished build and deploy', async () => {
    const first = await call(emu, 'POST', '/builds', { token: TOKEN, body: { applicationId: CLASSIC } });
    emu.control.advance(60_000);
    const deploys = await get(emu, '/applications/solo/classic/deploys', TOKEN);
    expect(deploys.body).toHaveLength(1);
    const second = await call(emu, 'POST', '/builds', { token: TOKEN, body: { applicationId: CLASSIC } });
    expect((await get(emu, `/builds/${first.body.id}`, TOKEN)).status).toBe(404);
    expect((await get(emu, `/builds/${second.body.id}`, TOKEN)).status).toBe(200);
    emu.control.advance(60_000);
    const builds = await get(emu, '/applications/solo/classic/builds', TOKEN);
    expect(builds.body.map((build: { id: string }) => build.id)).toEqual([second.body.id]);
    expect((await get(emu, `/deploys/${deploys.body[0].id}`, TOKEN)).status).toBe(404);
    expect((await get(emu, '/applications/solo/classic/deploys', TOKEN)).body).toHaveLength(1);
  });
});

describe('limits', () => {
  it('default to 1,000 and must be whole numbers >= 1', () => {
    const history = Array.from({ length: 1005 }, (_, i) => ({
      application: 'solo/tool',
      pipeline: 'ci',
      agoMs: 10_000_000 - i * 5000,
    }));
    expect(new World({ ...world, history }, 0).runs).toHaveLength(1000);
    expect(() => new World(world, 0, { maxRuns: 0 })).toThrow('maxRuns must be a whole number >= 1');
    expect(() => new World(world, 0, { maxBuilds: 1.5 })).toThrow('maxBuilds must be a whole number >= 1');
  });
});
