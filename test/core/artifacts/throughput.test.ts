import { describe, expect, it } from 'vitest';
import { Throughput } from '../../../src/core/artifacts/throughput.ts';

const KiB = 1024;

/** A meter of 64 KiB/s over 30 s whose download waits for bytes from `t = 0`. */
function meter(): Throughput {
  const throughput = new Throughput(64 * KiB, 30_000);
  throughput.start();
  throughput.waiting(0);
  return throughput;
}

describe('Throughput', () => {
  it('judges nothing before a whole window has passed', () => {
    const throughput = meter();
    for (let at = 0; at < 30_000; at += 1000) expect(throughput.tooSlow(at)).toBe(false);
    expect(throughput.tooSlow(30_000)).toBe(true);
  });

  it('is content with the floor, and not below it, over the last window', () => {
    const steady = meter();
    for (let second = 1; second <= 90; second++) {
      steady.got(64 * KiB, second * 1000);
      steady.waiting(second * 1000);
      expect(steady.tooSlow(second * 1000)).toBe(false);
    }
    const slowing = meter();
    let slow = 0;
    for (let second = 1; second <= 90 && slow === 0; second++) {
      // Fast for a minute, then a trickle: the last window alone is judged.
      slowing.got(second <= 60 ? 1024 * KiB : 1 * KiB, second * 1000);
      slowing.waiting(second * 1000);
      if (slowing.tooSlow(second * 1000)) slow = second;
    }
    expect(slow).toBeGreaterThan(60);
    expect(slow).toBeLessThanOrEqual(90);
  });

  it('stops its clock while the consumer holds the bytes', () => {
    const throughput = meter();
    throughput.got(100 * KiB, 1000);
    // The consumer takes ten minutes over that chunk; the server is not waited for meanwhile.
    for (let at = 2000; at <= 600_000; at += 1000) expect(throughput.tooSlow(at)).toBe(false);
    throughput.waiting(600_000);
    expect(throughput.tooSlow(620_000)).toBe(false);
    expect(throughput.tooSlow(629_000)).toBe(true);
  });
});
