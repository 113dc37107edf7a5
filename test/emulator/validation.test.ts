// How refused requests are told: the first problem, as a depth-first check finds it, in Joi's words.
import { describe, expect, it } from 'vitest';
import { call, DEMO, fileEmulator, get, IDS } from './helpers.ts';

const emu = await fileEmulator();

const trigger = (body: unknown) => call(emu, 'POST', '/runs', { token: DEMO, body });

describe('request validation', () => {
  it.each([
    [{ targetId: 'x', pipelineId: 5 }, 'targetId is not allowed'],
    [{ message: 5 }, 'pipelineId is required'],
    [{ pipelineId: IDS.build, message: 5, branch: 6 }, 'branch must be a string'],
    [
      { pipelineId: IDS.build, envVars: [{ key: 'A', value: '1', x: 1 }, { value: 2 }] },
      'envVars[0].x is not allowed',
    ],
    [
      { pipelineId: IDS.build, envVars: [{ value: 2, key: '' }] },
      'envVars[0].key is not allowed to be empty',
    ],
    [[], 'body must be an object'],
    ['text', 'body must be an object'],
  ])('tells %j as %s', async (body, message) => {
    const res = await trigger(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.details).toHaveLength(1);
  });

  it('checks the size of ignoredBranches before its items', async () => {
    const ignoredBranches = [1, ...Array.from({ length: 10 }, (_, i) => `b${i}`)];
    const res = await call(emu, 'PATCH', '/applications/acme/webapp', {
      token: DEMO,
      body: { ignoredBranches },
    });
    expect(res.body.message).toBe('ignoredBranches must contain less than or equal to 10 items');
  });

  it('reads numbers of the query string from their text, and only from it', async () => {
    const list = (query: string) => get(emu, `/applications/acme?${query}`, DEMO);
    expect((await list('limit=1e0')).body).toHaveLength(1);
    expect((await list('limit=+2')).body).toHaveLength(2);
    for (const bad of ['limit=', 'limit=two', 'limit=1.5', 'limit=1&limit=2']) {
      expect((await list(bad)).body, bad).toMatchObject({
        statusCode: 400,
        message: 'limit must be an integer',
      });
    }
  });

  it('coerces nothing in the bodies of the control API', async () => {
    const fault = await call(emu, 'POST', '/_emulator/faults', { body: { route: 'x', status: '500' } });
    expect(fault.body).toMatchObject({ statusCode: 400, message: 'status must be an integer' });
    const clock = await call(emu, 'POST', '/_emulator/clock', { body: { speed: '0' } });
    expect(clock.body).toMatchObject({ statusCode: 400, message: 'speed must be a number' });
    const quirks = await call(emu, 'PUT', '/_emulator/quirks', { body: { nullProgress: 1 } });
    expect(quirks.body).toMatchObject({ statusCode: 400, message: 'nullProgress must be a boolean' });
    expect(emu.control.faults()).toEqual([]);
  });
});
