// The whole flow with `step-logs: live`: the real settings, flow and log sink against the fake API, on
// virtual time shared by the polling and the log reads.
import { describe, expect, it } from 'vitest';
import { createTerminalLog } from '../../../src/cli/terminal/log.ts';
import { createStyle } from '../../../src/cli/terminal/color.ts';
import { runStep } from '../../../src/core/flow/step.ts';
import type { Log } from '../../../src/core/ports.ts';
import { INPUT_DEFAULTS, readSettings } from '../../../src/core/settings.ts';
import { stepSummaryText } from '../../../src/core/report/step-summary.ts';
import { withTopLevelLines, type TopLevelLines } from '../../../src/runtime/top-level-lines.ts';
import { ConcurrentTime } from '../flow/concurrent-time.ts';
import { FakeApi, httpError } from '../flow/fake-api.ts';
import { runSeveral } from '../flow/several-kit.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { SHARED_RATE } from '../../../src/core/rate-limit.ts';
import { busiestWindow } from '../../../bench/support/stats.ts';

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
  logFor?: (time: ConcurrentTime, printed: Printed[]) => Log,
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
  const log = logFor?.(time, printed) ?? timedLog(printed, time);
  const summaries: string[] = [];
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
    summary: { publish: async (summary) => void summaries.push(stepSummaryText(summary)) },
  });
  return { outcome, printed, api, time, texts: printed.map((line) => line.text), summaries };
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

  it.each(['live', 'all'])(
    'with %s, reads the logs of the first 20 of 300 steps seen finished and names the others',
    async (mode) => {
      const steps = Array.from({ length: 300 }, (_, index) => `s${index + 1}`);
      const { outcome, texts, api } = await runLive({ 'step-logs': mode, 'poll-interval': '60s' }, (fake) => {
        // Every step has ended when the run is first seen running; the 250th failed.
        fake.script = { queueMs: 2000, stepMs: 100, steps, failAt: 249 };
        fake.stepLog = (logUrl) => `log of step ${logUrl.split('/').at(-2)}\nerror: it broke\n`;
      });
      expect(outcome.kind).toBe('failed');
      const read = api.calls
        .filter((call) => call.method === 'readStepLog' || call.method === 'openStepLog')
        .map((call) => String(call.args[0]).split('/').at(-2));
      // The first 20, and the failed one for its annotation and the summary: each once.
      expect(read).toEqual([...steps.slice(0, 20).map((_, index) => String(index + 1)), '250']);
      const groups = texts.filter((text) => text.startsWith('group: '));
      expect(groups).toHaveLength(21);
      expect(groups.at(-1)).toMatch(/ 250\/300 s250 /);
      // The others are named, one line each, and one line says why.
      expect(texts).toContain('✔ 21/300 s21 (0.1s)');
      expect(texts.filter((text) => /^The logs of the first 20 steps/.test(text))).toHaveLength(1);
      expect(texts.filter((text) => text.startsWith('remote: log of step'))).toHaveLength(21);
      expect(texts.find((text) => text.startsWith('error: '))).toMatch(/it broke/);
    },
  );

  it('streams every step it sees running, however many', async () => {
    const steps = Array.from({ length: 25 }, (_, index) => `s${index + 1}`);
    // Polled every 2 s: each step is seen running.
    const { outcome, texts } = await runLive({ 'step-logs': 'live', 'poll-interval': '2s' }, (fake) => {
      fake.script = { queueMs: 2000, stepMs: 4000, steps };
    });
    expect(outcome.kind).toBe('passed');
    steps.forEach((name, index) => {
      expect(groupOf(texts, new RegExp(` ${index + 1}/25 ${name}$`))).toEqual(expectedLines(index + 1, 4));
    });
    expect(texts.some((text) => /^The logs of the first/.test(text))).toBe(false);
  });

  it('closes the group of a step still running when the step is cancelled, before the outcome line', async () => {
    const { outcome, texts } = await runLive({}, (api, time, cancel) => {
      time.at(2000 + 10_000 + 5500, cancel);
    });
    expect(outcome.kind).toBe('cancelled');
    // What was read until the cancel; the group is closed before the flow says it aborts.
    const build = groupOf(texts, /2\/3 build/).filter((text) => text.startsWith('remote: '));
    expect(build.length).toBeGreaterThanOrEqual(3);
    expect(build).toEqual(expectedLines(2, build.length));
    expect(texts.filter((text) => text === 'endgroup')).toHaveLength(2);
    expect(texts.at(-1)).toMatch(/^⊘ Run was cancelled/);
    expect(texts[texts.lastIndexOf('endgroup') + 1]).toMatch(/^Cancelled: aborting run /);
  });

  it.each([
    ['cancelled', {}, /^Cancelled: aborting run /, /^⊘ Run was cancelled/],
    ['timed out', { timeout: '17500ms' }, /^Timed out: aborting run /, /^⏱ Run timed out/],
  ])(
    'closes the running step’s group, once, before it says it was %s and aborts, then prints the outcome',
    async (_name, inputs: Record<string, string>, stopLine, outcome) => {
      const { texts } = await runLive(inputs, (api, time, cancel) => {
        if (inputs.timeout === undefined) time.at(2000 + 10_000 + 5500, cancel);
      });
      const stop = texts.findIndex((text) => stopLine.test(text));
      expect(stop, texts.join('\n')).toBeGreaterThan(0);
      // Step 2's group: its title, its lines as far as they were read, its end; then the stop, at top level.
      const opened = texts.findLastIndex((text) => text.startsWith('group: '));
      expect(texts[opened]).toMatch(/2\/3 build$/);
      const inside = texts.slice(opened + 1, stop - 1);
      expect(inside.length).toBeGreaterThanOrEqual(3);
      expect(inside).toEqual(expectedLines(2, inside.length));
      expect(texts[stop - 1]).toBe('endgroup');
      const after = texts.slice(stop);
      expect(after.filter((text) => /^(group: |endgroup$|remote: )/.test(text))).toEqual([]);
      expect(after.at(-1)).toMatch(outcome);
      expect(texts.filter((text) => text === 'endgroup')).toHaveLength(2);
    },
  );

  it('says the runner’s signal outside the running step’s group, right after the group closes', async () => {
    let log: (Log & TopLevelLines) | undefined;
    const { texts } = await runLive(
      {},
      (api, time, cancel) =>
        time.at(2000 + 10_000 + 5500, () => {
          // As the signal handler does (src/runtime/signals.ts): the line, then the cancel.
          log!.topLevel('Received SIGINT: stopping the wait.');
          cancel();
        }),
      (time, printed) => (log = withTopLevelLines(timedLog(printed, time))),
    );
    const said = texts.indexOf('Received SIGINT: stopping the wait.');
    expect(groupOf(texts, /2\/3 build/)).not.toContain('Received SIGINT: stopping the wait.');
    expect(texts[said - 1]).toBe('endgroup');
    expect(texts[said + 1]).toMatch(/^Cancelled: aborting run /);
  });

  it('gives the summary of a step cancelled while it streamed the lines the live log read', async () => {
    const { texts, summaries, api } = await runLive({}, (fake, time, cancel) =>
      time.at(2000 + 10_000 + 5500, cancel),
    );
    const shown = groupOf(texts, /2\/3 build/).filter((text) => text.startsWith('remote: '));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    const [summary = ''] = summaries;
    expect(summary).toMatch(/Step 2 build was aborted/);
    expect(summary).not.toMatch(/could not be read/);
    expect(summary).toContain(shown.at(-1)!.replace('remote: ', ''));
    // Not read again for it.
    expect(api.count('openStepLog')).toBe(0);
  });

  it('has closed the stop-commands fence too when it says it aborts (the log of a step in GitHub Actions)', async () => {
    const out: string[] = [];
    await runLive(
      {},
      (api, time, cancel) => time.at(2000 + 10_000 + 5500, cancel),
      () =>
        createTerminalLog({
          out: { write: (text) => void out.push(text), isTTY: false },
          style: createStyle(false),
          githubActions: true,
        }),
    );
    const lines = out.join('').split('\n');
    const stop = lines.findIndex((line) => line.startsWith('Cancelled: aborting run '));
    expect(stop, lines.join('\n')).toBeGreaterThan(0);
    // Every fence opened before the stop is closed before it: commands work again when it is printed.
    let open: string | undefined;
    for (const line of lines.slice(0, stop)) {
      const start = /^::stop-commands::(\w+)$/.exec(line);
      if (start) open = start[1];
      else if (open !== undefined && line === `::${open}::`) open = undefined;
    }
    expect(open).toBeUndefined();
    expect(lines.slice(0, stop).some((line) => line.includes('step 2 · line 3'))).toBe(true);
  });

  it('with several targets, reads that fail are tried again through the shared rate limit', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `p${index + 1}`);
    let failed = 0;
    const live = await runSeveral({
      inputs: { 'step-logs': 'live', pipeline: names.map((name) => `acme/web/${name}`).join('\n') },
      arrange: ({ api, time }) => {
        api.pipelines = names.map((name, index) => ({
          id: `p${String(index).padStart(23, '0')}`,
          name,
        }));
        api.script = { queueMs: 2000, stepMs: 10_000, steps: ['one'] };
        growingLogs(api, time);
        // Every read fails for the first 9 s (the steps start 3 to 4 s in): 503s and connections dropped.
        const start = time.now;
        api.everyCall = ({ method }) => {
          if (method !== 'readStepLog' || time.now >= start + 9000) return;
          failed += 1;
          throw failed % 2 === 0
            ? httpError('GET', '/log', 503)
            : new ApiError({
                method: 'GET',
                path: '/log',
                kind: 'network',
                code: 'ECONNRESET',
                retryable: true,
              });
        };
      },
    });
    expect(live.outcome.success).toBe(true);
    // Each target’s log failed to read more than once in a row.
    expect(failed).toBeGreaterThanOrEqual(2 * names.length);
    // The failures' short backoff does not take the step over the shared limit of 10 requests in 1.1 s.
    expect(
      busiestWindow(
        live.api.calls.map((call) => call.at),
        SHARED_RATE.windowMs,
      ),
    ).toBeLessThanOrEqual(SHARED_RATE.max);
    for (const name of names) {
      const mine = live.lines.filter((line) => line.startsWith(`remote: [${name}] step 1 `));
      expect(mine).toEqual(
        expectedLines(1, 10).map((line) => line.replace('remote: ', `remote: [${name}] `)),
      );
    }
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
