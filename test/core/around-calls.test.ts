import { describe, expect, it } from 'vitest';
import type { CallOptions, CiApi } from '../../src/core/api-port.ts';
import { aroundCalls, type CallName } from '../../src/core/around-calls.ts';

/** A port whose every call answers with the arguments it was given. */
function echoingPort(): CiApi {
  return new Proxy({ apiUrl: 'https://ci.test/api/v3', pageSize: 50 } as unknown as CiApi, {
    get: (target, key: string) =>
      key in target
        ? (target as unknown as Record<string, unknown>)[key]
        : async (...args: unknown[]) => ({ name: key, args }),
  });
}

const CALLS: Array<[CallName, unknown[]]> = [
  ['getApplication', ['acme', 'shop']],
  ['listPipelines', ['acme', 'shop', { limit: 5 }]],
  ['listRuns', [{ pipelineId: 'p1' }]],
  ['getRun', ['r1']],
  ['getRunSteps', ['r1']],
  ['triggerRun', [{ pipelineId: 'p1' }]],
  ['abortRun', ['r1']],
  ['listBuilds', ['acme', 'shop', undefined]],
  ['getBuild', ['b1']],
  ['triggerBuild', [{ applicationId: 'a1' }]],
  ['abortBuild', ['b1']],
  ['listWorkflows', [{ runId: 'r1' }]],
  ['getWorkflow', ['w1']],
  ['openStepLog', ['https://ci.test/log']],
  ['readStepLog', ['https://ci.test/log', 10]],
  ['readArtifact', ['https://ci.test/artifacts', { offset: 10 }]],
];

describe('aroundCalls', () => {
  it.each(CALLS)('hands %s its options in their place, as the decorator gave them', async (name, args) => {
    const seen: Array<[CallName, CallOptions | undefined]> = [];
    const given: CallOptions = { deadline: 1 };
    const decorated = aroundCalls(echoingPort(), (call, options, go) => {
      seen.push([call, options]);
      return go({ ...options, deadline: 2 });
    });
    const method = decorated[name] as unknown as (...args: unknown[]) => Promise<{ args: unknown[] }>;
    const answer = await method.apply(decorated, [...args, given]);
    expect(seen).toEqual([[name, given]]);
    expect(answer.args).toEqual([...args, { deadline: 2 }]);
  });

  it('puts the options last when the caller left them out', async () => {
    const decorated = aroundCalls(echoingPort(), (_call, _options, go) => go({ deadline: 3 }));
    const answer = (await decorated.listPipelines('acme', 'shop')) as unknown as { args: unknown[] };
    expect(answer.args).toEqual(['acme', 'shop', undefined, { deadline: 3 }]);
  });

  it('keeps what the port says of itself', () => {
    const decorated = aroundCalls(echoingPort(), (_call, options, go) => go(options));
    expect(decorated.apiUrl).toBe('https://ci.test/api/v3');
    expect(decorated.pageSize).toBe(50);
  });
});
