// The report writer on its own: what drain says when a write landed, gave up or was denied.
import { describe, expect, it } from 'vitest';
import type { Log } from '../../src/core/ports.ts';
import { ReportWriter } from '../../src/github/report-writer.ts';
import { VirtualTime } from '../core/flow/virtual-time.ts';
import { httpFailure } from './memory-github.ts';

function writerWith(onDenied?: () => void) {
  const time = new VirtualTime();
  const warnings: string[] = [];
  const log: Log = {
    info: () => undefined,
    warning: (line) => void warnings.push(line),
    error: () => undefined,
    debug: () => undefined,
    remote: () => undefined,
    startGroup: () => undefined,
    endGroup: () => undefined,
  };
  const writer = new ReportWriter('check run', { clock: time.clock, sleep: time.sleep, log }, onDenied);
  return { writer, time, warnings };
}

describe('drain', () => {
  it('says not written when a write answered 503 until the deadline', async () => {
    const { writer, time, warnings } = writerWith();
    let calls = 0;
    writer.enqueue('state', async () => {
      calls++;
      throw httpFailure(503, {}, 'Service Unavailable');
    });
    expect(await writer.drain(time.now + 5000)).toBe(false);
    expect(writer.written('state')).toBe(false);
    expect(calls).toBeGreaterThan(1);
    expect(warnings).toEqual([
      'A check run update could not be written to GitHub in time: Service Unavailable',
    ]);
  });

  it('says written once a write that failed for a while lands', async () => {
    const { writer, time, warnings } = writerWith();
    let calls = 0;
    writer.enqueue('state', async () => {
      if (++calls < 3) throw httpFailure(503);
    });
    expect(await writer.drain(time.now + 60_000)).toBe(true);
    expect(writer.written('state')).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('says not written when the report was stopped for a missing permission, and tells the sink once', async () => {
    let denied = 0;
    const { writer, time } = writerWith(() => denied++);
    writer.enqueue('state', async () => {
      throw httpFailure(403, {}, 'Resource not accessible by integration');
    });
    expect(await writer.drain(time.now + 60_000)).toBe(false);
    expect(writer.stopped).toBe(true);
    expect(denied).toBe(1);
  });
});
