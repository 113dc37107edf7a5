import { describe, expect, it } from 'vitest';
import { buildStepsOutput, stepsOutput } from '../../../src/core/report/steps-output.ts';

const at = (iso: string) => new Date(iso);

describe('stepsOutput', () => {
  it('is a JSON array of the steps in order, with ISO times and seconds', () => {
    const json = stepsOutput([
      { order: 2, name: 'test', status: 'running', result: 'unknown', startedAt: at('2026-11-05T10:00:42Z') },
      {
        order: 1,
        name: 'build',
        status: 'finished',
        result: 'passed',
        startedAt: at('2026-11-05T10:00:00Z'),
        finishedAt: at('2026-11-05T10:00:41.5Z'),
      },
    ]);
    expect(JSON.parse(json)).toEqual([
      {
        order: 1,
        name: 'build',
        status: 'finished',
        result: 'passed',
        startedAt: '2026-11-05T10:00:00.000Z',
        finishedAt: '2026-11-05T10:00:41.500Z',
        seconds: 41.5,
      },
      {
        order: 2,
        name: 'test',
        status: 'running',
        result: 'unknown',
        startedAt: '2026-11-05T10:00:42.000Z',
        finishedAt: null,
        seconds: null,
      },
    ]);
    expect(stepsOutput([])).toBe('[]');
  });

  it('writes null for invalid dates', () => {
    const [entry] = JSON.parse(
      stepsOutput([
        { order: 1, name: 'a', status: 'finished', result: 'passed', startedAt: new Date('nope') },
      ]),
    ) as Array<{ startedAt: unknown; seconds: unknown }>;
    expect(entry).toMatchObject({ startedAt: null, seconds: null });
  });

  it('cuts long names first when the output would be too large', () => {
    const steps = Array.from({ length: 20 }, (_, index) => ({
      order: index + 1,
      name: `${index} ${'n'.repeat(1000)}`,
      status: 'finished' as const,
      result: 'passed' as const,
    }));
    const output = buildStepsOutput(steps, { maxBytes: 10_000 });
    expect(output).toMatchObject({ omitted: 0, shortened: true });
    const parsed = JSON.parse(output.json) as Array<{ name: string }>;
    expect(parsed).toHaveLength(20);
    expect(parsed[0]?.name).toHaveLength(200);
    expect(parsed[0]?.name.endsWith('…')).toBe(true);
  });

  it('then leaves out passed steps, latest first, keeping the others and the order', () => {
    const steps = Array.from({ length: 10_000 }, (_, index) => ({
      order: index + 1,
      name: `step number ${index + 1} with a name of some length to fill the output quickly`,
      status: 'finished' as const,
      result: index === 9_998 ? ('failed' as const) : ('passed' as const),
      startedAt: at('2026-11-05T10:00:00Z'),
      finishedAt: at('2026-11-05T10:00:01Z'),
    }));
    const output = buildStepsOutput(steps);
    expect(Buffer.byteLength(output.json)).toBeLessThanOrEqual(900_000);
    const parsed = JSON.parse(output.json) as Array<{ order: number; result: string }>;
    expect(parsed.length + output.omitted).toBe(10_000);
    expect(output.omitted).toBeGreaterThan(0);
    expect(parsed[0]?.order).toBe(1);
    expect(parsed.at(-1)).toMatchObject({ order: 9_999, result: 'failed' });
    const orders = parsed.map((entry) => entry.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});
