import { describe, expect, it } from 'vitest';
import type { Conclusion, FlowSink } from '../../src/core/flow/events.ts';
import { deferred } from '../../src/core/sinks/deferred.ts';

const ref = { kind: 'run' as const, id: 'r1', url: 'https://ci.test/api/v3/runs/r1' };
const conclusion = {
  outcome: { kind: 'passed' },
  final: { steps: [] },
  settled: true,
} as unknown as Conclusion;

function recorder(heard: string[]): FlowSink {
  return {
    identified: (r) => void heard.push(`identified ${r.id}`),
    workflowChanged: (w) => void heard.push(`workflow ${w.id}`),
    concluded: () => void heard.push('concluded'),
  };
}

describe('a sink that is still loading', () => {
  it('hears the events that came before it was ready, in order, then the rest', async () => {
    const heard: string[] = [];
    let resolve!: (sink: FlowSink) => void;
    const sink = deferred(new Promise((r) => (resolve = r)));
    sink.identified!(ref);
    sink.workflowChanged!({ id: 'w1', items: [] } as never);
    resolve(recorder(heard));
    await sink.concluded!(conclusion);
    expect(heard).toEqual(['identified r1', 'workflow w1', 'concluded']);
  });

  it('that never loads: the events are dropped and its ending reports why', async () => {
    const sink = deferred(Promise.reject(new Error('chunk missing')));
    sink.identified!(ref);
    await expect(sink.concluded!(conclusion)).rejects.toThrow('chunk missing');
  });
});
