import { describe, expect, it } from 'vitest';
import {
  call,
  DEMO,
  fileEmulator,
  frozenEmulator,
  get,
  IDS,
  keySet,
  sortedKeys,
  triggerRun,
  type Json,
} from './helpers.ts';
import { parseQuirks } from '../../src/emulator/serve.ts';

const emu = await fileEmulator();

describe('quirks', () => {
  it('all start off', () => {
    expect(emu.control.quirks()).toEqual({
      shape: 'spec',
      goTriggerResponse: false,
      pendingApproval: false,
      nullProgress: false,
      displayNameSteps: false,
      runsDefaultLimit10: false,
      ignoreRange: false,
      logsWhenFinished: false,
      lenientTriggerBody: false,
      artifactsOtherOrigin: false,
      artifactsRedirect: false,
      artifactsRedirectSameOrigin: false,
      artifactsLate: false,
      artifactsExpire: false,
      artifactsNoRange: false,
    });
  });

  it('goTriggerResponse: trimmed body, Go timestamps, no charset, a trace id header', async () => {
    emu.control.setQuirks({ goTriggerResponse: true });
    const res = await call(emu, 'POST', '/runs', {
      token: DEMO,
      body: { pipelineId: IDS.build, envVars: [{ key: 'A', value: 'b' }] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-wercker-trace-id')).toMatch(/^[0-9a-f]+$/);
    const run = res.body;
    expect(sortedKeys(run)).toEqual(
      keySet(
        'id',
        'url',
        'branch',
        'commitHash',
        'createdAt',
        'message',
        'result',
        'status',
        'user',
        'pipeline',
      ),
    );
    expect(run.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,9})? \+0000 UTC$/);
    expect(run.createdAt.slice(0, 19).replace(' ', 'T')).toBe(
      new Date(emu.control.now()).toISOString().slice(0, 19),
    );
    expect(run.pipeline.createdAt).toBe('2025-03-02 09:16:10.5 +0000 UTC');
    expect(run.user.meta.serviceEmployee).toBeUndefined();
    expect(run).toMatchObject({ status: 'notstarted', result: 'unknown' });
    // Every other endpoint keeps ISO timestamps.
    const again = await get(emu, `/runs/${run.id}`, DEMO);
    expect(again.body.createdAt).toMatch(/Z$/);
    expect(again.headers.get('x-wercker-trace-id')).toBeNull();
  });

  it('pendingApproval: a queued run shows pendingapproval after the trigger, and cannot be aborted', async () => {
    emu.control.setQuirks({ pendingApproval: true });
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    expect(run.status).toBe('notstarted');
    expect((await get(emu, `/runs/${run.id}`, DEMO)).body.status).toBe('pendingapproval');
    const abort = await call(emu, 'PUT', `/runs/${run.id}/abort`, { token: DEMO, body: {} });
    expect(abort.status).toBe(400);
    expect(abort.body.message).toBe(`Run ${run.id} has not started yet and cannot be aborted`);
    const workflow = (await get(emu, `/workflows?applicationId=${IDS.webapp}&limit=1`)).body[0];
    expect(workflow.items[0].status).toBe('pendingapproval');
    emu.control.advance(1000);
    expect((await get(emu, `/runs/${run.id}`, DEMO)).body.status).toBe('running');
  });

  // Evidence: igor's 2018 fixtures show progress null on finished runs, and a freshly triggered classic
  // build has it null anyway; a running or just-triggered run keeps its number.
  it('nullProgress: finished runs carry progress null, in every view; others keep a number', async () => {
    emu.control.setQuirks({ nullProgress: true });
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    expect(run.progress).toBe(0);
    emu.control.advance(3000);
    expect((await get(emu, `/runs/${run.id}`, DEMO)).body.progress).toBe(20);
    emu.control.advance(60_000);
    expect((await get(emu, `/runs/${run.id}`, DEMO)).body).toMatchObject({
      status: 'finished',
      progress: null,
    });
    const list = (await get(emu, `/runs?pipelineId=${IDS.build}`)).body;
    expect(list.length).toBeGreaterThan(1);
    expect(list.every((item: Json) => item.status === 'finished' && item.progress === null)).toBe(true);
    const running = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(3000);
    const aborted = await call(emu, 'PUT', `/runs/${running.id}/abort`, { token: DEMO, body: {} });
    expect(aborted.body).toMatchObject({ status: 'finished', result: 'aborted', progress: null });
  });

  it('displayNameSteps: steps from order 3 on carry displayName and phase, no step', async () => {
    emu.control.setQuirks({ displayNameSteps: true });
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(60_000);
    const steps = (await get(emu, `/runs/${run.id}/steps`, DEMO)).body;
    expect(steps.map((step: Json) => [step.step, step.displayName, step.phase])).toEqual([
      ['get code', undefined, undefined],
      ['setup environment', undefined, undefined],
      [undefined, 'npm ci', 'mainSteps'],
      [undefined, 'npm test', 'mainSteps'],
      [undefined, 'store', 'mainSteps'],
    ]);
    expect('step' in steps[2]).toBe(false);
  });

  it('runsDefaultLimit10: the runs list defaults to 10', async () => {
    for (let i = 0; i < 12; i++) await triggerRun(emu, { pipelineId: IDS.test });
    expect((await get(emu, `/runs?pipelineId=${IDS.test}`)).body).toHaveLength(13);
    emu.control.setQuirks({ runsDefaultLimit10: true });
    expect((await get(emu, `/runs?pipelineId=${IDS.test}`)).body).toHaveLength(10);
    expect((await get(emu, `/runs?pipelineId=${IDS.test}&limit=12`)).body).toHaveLength(12);
  });

  it('can be set at start', async () => {
    const quirky = await frozenEmulator({ quirks: { nullProgress: true } });
    try {
      expect(quirky.control.quirks().nullProgress).toBe(true);
      quirky.control.setQuirks({ nullProgress: false });
      quirky.control.reset();
      expect(quirky.control.quirks().nullProgress).toBe(true);
    } finally {
      await quirky.close();
    }
  });

  it('are named on the command line, the shape as shape=…, realNames as the 2017 shape', () => {
    expect(parseQuirks('nullProgress, shape=2016')).toEqual({ nullProgress: true, shape: '2016' });
    expect(parseQuirks('realNames')).toEqual({ realNames: true });
    expect(parseQuirks('all')).toMatchObject({ shape: '2017', nullProgress: true, lenientTriggerBody: true });
    expect(() => parseQuirks('shape=2015')).toThrow('shape must be spec, 2016, 2017; got "2015"');
    expect(() => parseQuirks('nope')).toThrow('unknown quirk "nope"');
  });
});
