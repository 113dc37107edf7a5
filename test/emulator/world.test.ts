import { describe, expect, it } from 'vitest';
import { defaultWorld, parseWorldFile, startEmulator, type WorldFile } from '../../src/emulator/index.ts';
import { World } from '../../src/emulator/world.ts';
import { call, get, type Json } from './helpers.ts';

const tiny = (overrides: Partial<WorldFile> = {}): WorldFile => ({
  startAt: '2030-01-01T00:00:00.000Z',
  users: [{ username: 'ann', token: 'ann-token' }],
  applications: [
    {
      owner: 'ann',
      name: 'app',
      stack: 6,
      privacy: 'public',
      pipelines: [
        { name: 'one', chains: ['two'], steps: [{ name: 's1', ms: 100 }] },
        { name: 'two', chains: ['one'], steps: [{ name: 's2', ms: 100 }] },
      ],
    },
  ],
  ...overrides,
});

describe('parseWorldFile', () => {
  it('accepts the default world', () => {
    expect(parseWorldFile(defaultWorld)).toEqual(defaultWorld);
  });

  it('names every problem with its path', () => {
    expect(() =>
      parseWorldFile({
        users: [{ username: '' }],
        applications: [{ owner: 'x', name: 'y', stack: 2, privacy: 'secret', colour: 'red' }],
      }),
    ).toThrow(/users\.0\.username[\s\S]*applications\.0\.stack[\s\S]*applications\.0\.privacy[\s\S]*colour/);
  });
});

describe('World consistency checks', () => {
  it.each([
    [{ applications: [{ owner: 'nobody', name: 'x', stack: 6, privacy: 'public' }] }, 'owner "nobody"'],
    [{ organizations: [{ username: 'org', members: ['ghost'] }] }, 'member "ghost"'],
    [{ users: [{ username: 'ann' }, { username: 'ANN' }] }, 'defined twice'],
    [
      {
        applications: [
          { owner: 'ann', name: 'x', stack: 6, privacy: 'public', pipelines: [{ name: 'p', chains: ['q'] }] },
        ],
      },
      'chains unknown pipeline "q"',
    ],
    [{ history: [{ application: 'ann/app', agoMs: 1 }] }, 'needs a pipeline'],
    [{ history: [{ application: 'ann/app', pipeline: 'three', agoMs: 1 }] }, 'unknown pipeline'],
    [{ history: [{ application: 'ann/app', pipeline: 'one', agoMs: 1, user: 'bob' }] }, 'unknown user'],
  ])('refuses %j', (overrides, message) => {
    expect(() => new World(parseWorldFile(tiny(overrides as Partial<WorldFile>)), 0)).toThrow(message);
  });
});

describe('a custom world', () => {
  it('starts at startAt, replays its history, and never chains a pipeline twice in a workflow', async () => {
    const emu = await startEmulator({
      speed: 0,
      world: tiny({
        history: [{ application: 'ann/app', pipeline: 'one', agoMs: 60_000, abortAfterMs: 10_000_000 }],
      }),
    });
    try {
      expect(new Date(emu.control.now()).toISOString()).toBe('2030-01-01T00:00:00.000Z');
      const runs = emu.control.runs();
      expect(runs.map((run) => [run.pipelineName, run.status, run.result])).toEqual([
        ['one', 'finished', 'passed'],
        ['two', 'finished', 'passed'],
      ]);
      expect(runs[0]?.createdAt).toBe('2029-12-31T23:59:00.000Z');
      const workflow = (await get(emu, `/workflows/${runs[0]?.workflowId}`)).body;
      expect(workflow.items.map((item: Json) => item.data.targetName)).toEqual(['one', 'two']);
      const trigger = await call(emu, 'POST', '/runs', {
        token: 'ann-token',
        body: { pipelineId: runs[0]?.pipelineId },
      });
      expect(trigger.status).toBe(200);
      expect(trigger.body.createdAt).toBe('2030-01-01T00:00:00.000Z');
    } finally {
      await emu.close();
    }
  });

  it('aborts a history entry with abortAfterMs', async () => {
    const world = tiny({
      history: [{ application: 'ann/app', pipeline: 'one', agoMs: 60_000, abortAfterMs: 1050 }],
    });
    // A queue of 1 s, asked for, so that the abort falls within the step.
    world.applications[0]!.pipelines![0]!.queueMs = 1000;
    const emu = await startEmulator({ speed: 0, world });
    try {
      expect(emu.control.runs().map((run) => [run.result, run.finishedAt])).toEqual([
        ['aborted', '2029-12-31T23:59:01.050Z'],
      ]);
    } finally {
      await emu.close();
    }
  });
});
