import { describe, expect, it } from 'vitest';
import type { Build, Run } from '../../src/api/types.ts';
import { buildRef, runRef } from '../../src/core/refs.ts';
import type { Settings } from '../../src/core/settings.ts';
import { webLinks } from '../../src/core/web-url.ts';

const API = 'https://ci.example.com/ci/api/v3';
const place = (target: Settings['target'], application?: Settings['application']) => ({
  baseUrl: API,
  target,
  ...(application ? { application } : {}),
});
const run = (pipelineName?: string): Run =>
  ({
    id: 'r1',
    url: `${API}/runs/r1`,
    status: 'running',
    result: 'unknown',
    pipeline: { id: 'p1', name: pipelineName },
  }) as Run;

describe("the run's page", () => {
  it('is {origin}/{owner}/{app}/runs/{pipeline}/{id}, with ?step= for a step', () => {
    const links = webLinks(
      place({ kind: 'pipeline', owner: 'acme', application: 'webapp', pipeline: 'build' }),
      runRef(API, 'r1'),
      run('build'),
    );
    expect(links).toMatchObject({ url: 'https://ci.example.com/ci/acme/webapp/runs/build/r1', isPage: true });
    expect(links.step('s 1')).toBe('https://ci.example.com/ci/acme/webapp/runs/build/r1?step=s%201');
  });

  it('takes the application from `application` with a pipeline-id, and the pipeline name from the run', () => {
    const links = webLinks(
      place({ kind: 'pipeline-id', pipelineId: 'p1' }, { owner: 'acme', name: 'webapp' }),
      runRef(API, 'r1'),
      run('e2e'),
    );
    expect(links.url).toBe('https://ci.example.com/ci/acme/webapp/runs/e2e/r1');
  });

  it('falls back to the API url when the application is unknown', () => {
    const links = webLinks(place({ kind: 'pipeline-id', pipelineId: 'p1' }), runRef(API, 'r1'), run('e2e'));
    expect(links).toMatchObject({ url: `${API}/runs/r1`, isPage: false });
    expect(links.step('s1')).toBeUndefined();
  });

  it('encodes remote names whole: no extra segment, query or dot segment', () => {
    const app = { owner: 'acme', name: 'webapp' };
    for (const name of ['../../admin', 'a/b?c=d#e']) {
      const { url } = webLinks(place({ kind: 'run-id', runId: 'r1' }, app), runRef(API, 'r1'), run(name));
      const path = new URL(url).pathname;
      expect(path.split('/')).toHaveLength(7);
      expect(new URL(url).search).toBe('');
    }
    for (const name of ['a\u202eb', '..', '.']) {
      const unusable = webLinks(place({ kind: 'run-id', runId: 'r1' }, app), runRef(API, 'r1'), run(name));
      expect(unusable).toMatchObject({ url: `${API}/runs/r1`, isPage: false });
    }
  });

  it("is the application's page for a classic build", () => {
    const byName = webLinks(
      place({ kind: 'application', owner: 'acme', application: 'legacy' }),
      buildRef(API, 'b1'),
      undefined,
    );
    expect(byName.url).toBe('https://ci.example.com/ci/acme/legacy');
    const embedded = {
      id: 'b1',
      url: `${API}/builds/b1`,
      status: 'running',
      result: 'unknown',
      application: { id: 'a1', url: 'x', name: 'legacy', owner: { username: 'acme' } },
    } as Build;
    expect(
      webLinks(place({ kind: 'application-id', applicationId: 'a1' }), buildRef(API, 'b1'), embedded).url,
    ).toBe('https://ci.example.com/ci/acme/legacy');
  });
});
