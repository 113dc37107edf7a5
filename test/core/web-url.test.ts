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
/** Names that break out of a quoted string in a script and set `mark.ran`, were they pasted as they are. */
const HOSTILE_PIPELINE_NAMES = [
  "x'; mark.ran = true; '",
  "x'+(mark.ran=true)+'",
  'x"; mark.ran = true; "',
  'x${mark.ran = true}',
  "x\\'; mark.ran = true; //",
  "x'\u2028; mark.ran = true; '",
  "');(mark.ran=!0);('*~",
];
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
    for (const name of ['..', '.', 'x'.repeat(201)]) {
      const unusable = webLinks(place({ kind: 'run-id', runId: 'r1' }, app), runRef(API, 'r1'), run(name));
      expect(unusable).toMatchObject({ url: `${API}/runs/r1`, isPage: false });
    }
  });

  it('links a name with quotes, controls or bidi characters too, each byte outside [A-Za-z0-9_.-] encoded', () => {
    const app = { owner: "o'wner", name: 'web(app)' };
    const links = webLinks(
      place({ kind: 'run-id', runId: 'r1' }, app),
      runRef(API, 'r1'),
      run("it's\u202e!*~"),
    );
    expect(links).toMatchObject({
      url: 'https://ci.example.com/ci/o%27wner/web%28app%29/runs/it%27s%E2%80%AE%21%2A%7E/r1',
      isPage: true,
    });
    expect(links.step("s'1")).toBe(`${links.url}?step=s%271`);
  });

  // A workflow may paste the output into a script: `const url = '${{ steps.ci.outputs.web-url }}'`.
  describe.each(HOSTILE_PIPELINE_NAMES)(
    'pasted into a quoted string of a script, a pipeline named %j',
    (name) => {
      const app = { owner: 'acme', name: 'webapp' };
      const links = webLinks(place({ kind: 'run-id', runId: 'r1' }, app), runRef(API, 'r1'), run(name));

      it.each(['single', 'double', 'template'] as const)(
        'stays one %s-quoted string and runs nothing',
        (quote) => {
          const mark = { ran: false };
          const q = { single: "'", double: '"', template: '`' }[quote];
          // The script as the workflow would write it, with the output in place of the expression.
          const script = `const url = ${q}${links.url}${q}; return [url, ${q}${links.step('s1')}${q}];`;
          const result = new Function('mark', script)(mark) as unknown;
          expect(mark.ran).toBe(false);
          expect(result).toEqual([links.url, links.step('s1')]);
          expect(links.isPage).toBe(true);
          // Read back, the link names the same pipeline.
          expect(decodeURIComponent(new URL(links.url).pathname.split('/')[5]!)).toBe(name);
        },
      );
    },
  );

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
