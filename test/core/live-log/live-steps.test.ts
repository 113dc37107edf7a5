// LiveSteps over a log port that holds output back: the reads of a step's log wait for it to drain,
// for one target and for one among several (whose log is the target's prefixed one).
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../src/api/types.ts';
import { LiveSteps } from '../../../src/core/live-log/live-steps.ts';
import type { Log } from '../../../src/core/ports.ts';
import { prefixedLog } from '../../../src/core/sinks/prefixed-log.ts';
import { LogServer } from './log-server.ts';

const STEP: Step = {
  id: 's1',
  order: 1,
  name: 'build',
  status: 'finished',
  result: 'passed',
  logUrl: 'https://ci.test/api/v3/runsteps/s1/log',
};

/** A log whose output goes out only when the test lets it: `drained` resolves once `release` is called. */
function slowLog() {
  const remote: string[] = [];
  let waiting = 0;
  let release = () => undefined as void;
  const none = () => undefined;
  const log: Log = {
    info: none,
    debug: none,
    warning: none,
    error: none,
    startGroup: none,
    endGroup: none,
    remote: (lines) => void remote.push(...lines),
    drained: () =>
      new Promise<void>((resolve) => {
        waiting += 1;
        release = () => {
          waiting -= 1;
          resolve();
        };
      }),
  };
  return { log, remote, waiting: () => waiting, release: () => release() };
}

const settle = async () => {
  for (let round = 0; round < 20; round += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('LiveSteps', () => {
  it.each([
    ['one target', undefined],
    ['one target among several', 'e2e'],
  ])('takes no more of a step’s log until what it printed has drained (%s)', async (_name, label) => {
    const server = new LogServer();
    server.chunkBytes = 8;
    server.append('line 1\nline 2\nline 3\nline 4\n');
    const slow = slowLog();
    const live = new LiveSteps({
      client: { readStepLog: (_url, from, call) => server.read(from, call ?? {}) },
      log: label === undefined ? slow.log : prefixedLog(slow.log, label),
      sleep: () => Promise.resolve(),
      cancel: new AbortController().signal,
      ...(label !== undefined ? { label } : {}),
    });
    let done = false;
    const finished = live.finished(STEP, '✔ 1 build').finally(() => (done = true));
    await settle();
    expect(slow.waiting()).toBe(1);
    expect(server.sentBytes).toBe(8);
    while (!done) {
      slow.release();
      await settle();
    }
    await finished;
    const prefix = label === undefined ? '' : `[${label}] `;
    expect(slow.remote).toEqual([1, 2, 3, 4].map((n) => `${prefix}line ${n}`));
  });

  it('starts every line the runner shows with the target’s label, a line with a lone CR or U+2028 too', async () => {
    const server = new LogServer();
    server.append(
      'progress 50%\r::warning::after a carriage return\nfirst\u2028second\n\u001b[32mgreen\u001b[0m\n',
    );
    const slow = slowLog();
    const live = new LiveSteps({
      client: { readStepLog: (_url, from, call) => server.read(from, call ?? {}) },
      log: { ...slow.log, drained: undefined },
      sleep: () => Promise.resolve(),
      cancel: new AbortController().signal,
      label: 'e2e',
    });
    await live.finished(STEP, '✔ 1 build');
    expect(slow.remote).toEqual([
      '[e2e] progress 50%',
      '[e2e] ::warning::after a carriage return',
      '[e2e] first',
      '[e2e] second',
      '[e2e] \u001b[32mgreen\u001b[0m',
    ]);
  });

  it.each([
    ['one target', undefined],
    ['one target among several', 'e2e'],
  ])('prints the same lines to a log that takes a chunk’s lines as one text (%s)', async (_name, label) => {
    const text =
      'plain\nprogress 50%\r::warning::after a CR\nfirst\u2028second\n\u001b[32mgreen\u001b[0m\n' +
      'crlf\r\n\r\r\nlast, not ended';
    const printed = async (log: Log) => {
      const server = new LogServer();
      server.chunkBytes = 7;
      server.append(text);
      const live = new LiveSteps({
        client: { readStepLog: (_url, from, call) => server.read(from, call ?? {}) },
        log,
        sleep: () => Promise.resolve(),
        cancel: new AbortController().signal,
        ...(label !== undefined ? { label } : {}),
      });
      await live.finished(STEP, '✔ 1 build');
    };
    const byLines = slowLog();
    await printed({ ...byLines.log, drained: undefined });
    const blocks: string[] = [];
    const byText = slowLog();
    await printed({
      ...byText.log,
      drained: undefined,
      remote: () => expect.unreachable('remote() while remoteText() is there'),
      remoteText: (block) => void blocks.push(block),
    });
    expect(blocks.join('\n').split('\n')).toEqual(byLines.remote);
    expect(byLines.remote).toContain(`${label === undefined ? '' : `[${label}] `}last, not ended`);
  });
});
