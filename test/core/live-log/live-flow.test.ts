// The whole flow with `step-logs: live`: the real settings, flow and log sink against the fake API, on
// virtual time shared by the polling and the log reads.
import { describe, expect, it } from 'vitest';
import { runStep } from '../../../src/core/flow/step.ts';
import type { Log } from '../../../src/core/ports.ts';
import { INPUT_DEFAULTS, readSettings } from '../../../src/core/settings.ts';
import { ConcurrentTime } from '../flow/concurrent-time.ts';
import { FakeApi } from '../flow/fake-api.ts';
import { runSeveral } from '../flow/several-kit.ts';

interface Printed {
  text: string;
  at: number;
}

/** A step's log grows a line a second while it runs; a failed step's error line comes last. */
function growingLogs(api: FakeApi, time: ConcurrentTime) {
  api.stepLog = (logUrl) => {
    const [, runId = '', order = '0'] = /runs\/([^/]+)\/steps\/(\d+)\/log$/.exec(logUrl) ?? [];
    const remote = api.remotes.get(runId)!;
    const { queueMs, stepMs, failAt } = remote.script;
    const from = remote.createdAt + queueMs + (Number(order) - 1) * stepMs;
    const elapsed = Math.min(time.now, from + stepMs) - from;
    const count = Math.max(0, Math.floor(elapsed / 1000));
    const lines = Array.from({ length: count }, (_, index) => `step ${order} · line ${index + 1} · ✓ été\n`);
    const ended = time.now >= from + stepMs;
    if (ended && failAt === Number(order) - 1) lines.push('::error::not a command\nerror: it broke\n');
    return lines.join('');
  };
}

async function runLive(
  inputs: Record<string, string>,
  arrange?: (api: FakeApi, time: ConcurrentTime, cancel: () => void) => void,
) {
  const time = new ConcurrentTime();
  const api = new FakeApi(time);
  api.script = { queueMs: 2000, stepMs: 10_000, steps: ['checkout', 'build', 'test'] };
  growingLogs(api, time);
  const cancelController = new AbortController();
  arrange?.(api, time, () => cancelController.abort(new Error('cancelled')));
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'base-url': 'https://ci.test',
    token: 'fake-token-0123456789',
    'pipeline-id': 'p0000000000000000000000a',
    ...inputs,
  };
  const settings = readSettings((name) => values[name] ?? '');
  const printed: Printed[] = [];
  const log = timedLog(printed, time);
  const cancel = { signal: cancelController.signal, hurry: new AbortController().signal };
  // Through the composition root, as the action and the CLI run a step: its log sink and failed logs.
  const { outcome } = await runStep(settings, {
    client: api,
    clock: time.clock,
    sleep: time.sleep,
    log,
    cancel,
    outputs: { set: () => undefined },
    state: { save: () => undefined, get: () => '' },
  });
  return { outcome, printed, api, time, texts: printed.map((line) => line.text) };
}

function timedLog(printed: Printed[], time: ConcurrentTime): Log {
  const push = (text: string) => void printed.push({ text, at: time.now });
  return {
    info: push,
    debug: () => undefined,
    warning: (message) => push(`warning: ${message}`),
    error: (message, props) => push(`error: ${props?.title ?? ''}: ${message}`),
    remote: (lines) => lines.forEach((line) => push(`remote: ${line}`)),
    startGroup: (title) => push(`group: ${title}`),
    endGroup: () => push('endgroup'),
    progress: (line) => push(`progress: ${line}`),
  };
}

const expectedLines = (order: number, count: number) =>
  Array.from({ length: count }, (_, index) => `remote: step ${order} · line ${index + 1} · ✓ été`);

/** The lines between a step's group title and the group's end. */
function groupOf(texts: string[], title: RegExp): string[] {
  const start = texts.findIndex((text) => text.startsWith('group: ') && title.test(text));
  expect(start, `a group matching ${title}`).toBeGreaterThanOrEqual(0);
  const end = texts.indexOf('endgroup', start);
  return texts.slice(start + 1, end);
}

describe('step-logs: live', () => {
  it('is what auto does for one target: each step in its group, every line once, in order, while it runs', async () => {
    const { outcome, printed, texts, api } = await runLive({});
    expect(outcome.kind).toBe('passed');
    for (const [order, name] of [
      [1, 'checkout'],
      [2, 'build'],
      [3, 'test'],
    ] as const) {
      expect(groupOf(texts, new RegExp(`${order}/3 ${name}$`))).toEqual(expectedLines(order, 10));
      // Its result line follows the group.
      const end = texts.indexOf(
        'endgroup',
        texts.findIndex((text) => text.endsWith(`${order}/3 ${name}`)),
      );
      expect(texts[end + 1]).toMatch(new RegExp(`^✔ ${order}/3 ${name} \\(10s\\)$`));
    }
    // Lines come while the step runs: line k of step 1 (from 2 s to 12 s) is printed before the step ends.
    const stepOne = printed.filter((line) => line.text.startsWith('remote: step 1 '));
    const runStart = api.calls.find((call) => call.method === 'triggerRun')!.at + 2000;
    stepOne.slice(0, 8).forEach((line, index) => {
      expect(line.at).toBeGreaterThanOrEqual(runStart + (index + 1) * 1000);
      expect(line.at).toBeLessThan(runStart + 10_000);
    });
    // No progress line inside a step's group.
    for (const order of [1, 2, 3]) {
      expect(groupOf(texts, new RegExp(`${order}/3`)).some((text) => text.startsWith('progress: '))).toBe(
        false,
      );
    }
  });

  it('reads a running step’s log at its own pace: at most 40 reads a minute, one at a time, each byte once', async () => {
    const { api } = await runLive({});
    const reads = api.calls.filter((call) => call.method === 'readStepLog');
    // 3 steps of 10 s at 1.6 s a read, and a read of the rest at each end.
    expect(reads.length).toBeLessThanOrEqual(3 * (Math.ceil(10_000 / 1600) + 2));
    for (const order of [1, 2, 3]) {
      const offsets = reads
        .filter((call) => String(call.args[0]).endsWith(`/steps/${order}/log`))
        .map((call) => call.args[1] as number);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    }
  });

  it('still annotates a failed step with its last lines, and keeps its lines inert', async () => {
    const { outcome, texts, api } = await runLive({ 'step-logs': 'live' }, (arranged) => {
      arranged.script = { ...arranged.script, failAt: 1 };
    });
    expect(outcome.kind).toBe('failed');
    const build = groupOf(texts, /2\/3 build$/);
    expect(build).toEqual([
      ...expectedLines(2, 10),
      'remote: ::error::not a command',
      'remote: error: it broke',
    ]);
    expect(texts).toContain('✖ 2/3 build (10s)');
    expect(texts.find((text) => text.startsWith('error: '))).toMatch(/error: it broke/);
    // The failed logs share the live log's read: the failed step's log is not read again whole.
    expect(api.count('openStepLog')).toBe(0);
  });

  it('prints a step that ran between two polls whole, in its group, when it is reported finished', async () => {
    const { texts } = await runLive({ 'poll-interval': '25s' }, (api) => {
      api.script = { queueMs: 2000, stepMs: 10_000, steps: ['checkout', 'build', 'test'] };
    });
    // The first two ran between polls: their group has the result as its title; the third was seen running.
    expect(texts).toContain('group: ✔ 1 checkout (10s)');
    for (const [order, name] of [
      [1, 'checkout'],
      [2, 'build'],
      [3, 'test'],
    ] as const) {
      expect(groupOf(texts, new RegExp(` ${order}(/3)? ${name}`))).toEqual(expectedLines(order, 10));
    }
  });

  it('closes the group of a step still running when the step is cancelled, before the outcome line', async () => {
    const { outcome, texts } = await runLive({}, (api, time, cancel) => {
      time.at(2000 + 10_000 + 5500, cancel);
    });
    expect(outcome.kind).toBe('cancelled');
    // What was read until the cancel; the flow's own lines about the abort may come inside the group.
    const build = groupOf(texts, /2\/3 build/).filter((text) => text.startsWith('remote: '));
    expect(build.length).toBeGreaterThanOrEqual(3);
    expect(build).toEqual(expectedLines(2, build.length));
    expect(texts.filter((text) => text === 'endgroup')).toHaveLength(2);
    expect(texts.at(-1)).toMatch(/^⊘ Run was cancelled/);
    expect(texts.at(-2)).toBe('endgroup');
  });

  it('with several targets: off under auto, and with live every line starts with its target, without groups', async () => {
    const auto = await runSeveral({ arrange: ({ api, time }) => growingLogs(api, time) });
    expect(auto.api.count('readStepLog')).toBe(0);

    const live = await runSeveral({
      inputs: { 'step-logs': 'live' },
      arrange: ({ api, time }) => {
        api.script = { queueMs: 2000, stepMs: 5000, steps: ['one', 'two'] };
        growingLogs(api, time);
      },
    });
    expect(live.outcome.success).toBe(true);
    expect(live.lines.some((line) => line.startsWith('group: '))).toBe(false);
    for (const label of ['build', 'test', 'e2e']) {
      for (const order of [1, 2]) {
        const mine = live.lines.filter((line) => line.startsWith(`remote: [${label}] step ${order} `));
        expect(mine).toEqual(
          expectedLines(order, 5).map((line) => line.replace('remote: ', `remote: [${label}] `)),
        );
      }
    }
  });
});
