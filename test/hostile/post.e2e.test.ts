// The post entry against a hostile server: after main was killed outright (SIGKILL), and with saved
// state crafted by hand. It uses no unusable id, aborts a build only at `<base-url>/api/v3/builds/<id>/abort`,
// never follows a url from the state or the server, and keeps what it prints inert and free of the token.
import { beforeAll, describe, expect, it } from 'vitest';
import { fingerprintKey, fingerprintOf } from '../../src/core/fingerprint.ts';
import { makeFiles } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';
import { CLEAN, checkpoint, inspectAction, runPost, startMain, TOKEN, withServer } from './checks.ts';
import { APPLICATION_ID, boom, PIPELINE_ID, type HostileServer } from './server.ts';
import { HOSTILE_IDS, hostileUrl, SOME_IDS, URL_KINDS } from './values.ts';

beforeAll(ensureBundle, 600_000);

const RUN = { 'pipeline-id': PIPELINE_ID };
const BUILD = { 'application-id': APPLICATION_ID };
const RUNNING_RUN = '5f8e3c2a9b1d4e6f7a8b9c04';
const RUNNING_BUILD = '5f8e3c2a9b1d4e6f7a8b9c05';

/** Main, triggered and following, killed outright: what it left for post. */
async function killMain(server: HostileServer, inputs: Record<string, string>) {
  server.world.finishAfterReads = Infinity;
  const files = makeFiles();
  const main = startMain(server, inputs, { files });
  await main.waitForOutput(/Triggered (?:run|build)/);
  main.child.kill('SIGKILL');
  await main.result;
  return files;
}

/** Post on `files` or `state`, its own requests held to the rules. */
async function post(
  server: HostileServer,
  inputs: Record<string, string>,
  options: Parameters<typeof runPost>[2],
  buildId?: string,
) {
  const mark = checkpoint(server);
  const result = await runPost(server, inputs, options);
  return {
    result,
    report: {
      code: result.code,
      findings: inspectAction(result, server, { after: mark, ...(buildId ? { buildId } : {}) }),
    },
  };
}

const puts = (server: HostileServer) =>
  server
    .requests()
    .filter((request) => request.method === 'PUT')
    .map((request) => request.target);

describe.concurrent('after main was killed, hostile answers to post', () => {
  const cases: Array<[string, (server: HostileServer) => void]> = [
    [
      'the abort answers a hostile status, result and url',
      (server) =>
        server.edit('PUT /runs/:id/abort', (run) => ({
          ...run,
          status: 'finished\n::error::x',
          result: 'passed; rm -rf /',
          url: 'javascript:alert(1)',
        })),
    ],
    [
      'the run reads back as finished, under the id .., with a hostile result',
      (server) =>
        server.edit('GET /runs/:id', (run) => ({
          ...run,
          id: '..',
          status: 'finished',
          result: '\u2003::error::x',
        })),
    ],
    [
      'the abort is refused, echoing the token among workflow commands',
      (server) =>
        server.answer('PUT /runs/:id/abort', ({ authorization }) =>
          boom(
            403,
            `${'x'.repeat(480)}\n::add-mask::Triggered\n::error::INJECTED ${authorization} ##[group]y`,
          ),
        ),
    ],
  ];

  it.each(cases)('%s', (_label, script) =>
    withServer(async (server) => {
      const files = await killMain(server, RUN);
      script(server);
      const { report } = await post(server, RUN, { files });
      expect(report).toEqual({ code: 0, findings: CLEAN });
    }),
  );

  // The crafted states below take every kind of url.
  it.each(['another loopback host'] as const)(
    'a build whose url is %s is aborted at the API’s build path',
    (kind) =>
      withServer(async (server) => {
        const url = hostileUrl(server, kind);
        for (const route of ['POST /builds', 'GET /builds/:id'] as const) {
          server.edit(route, (build) => ({ ...build, url }));
        }
        const files = await killMain(server, BUILD);
        const buildId = String(server.world.builds[0]?.id);
        const { report } = await post(server, BUILD, { files }, buildId);
        expect(report).toEqual({ code: 0, findings: CLEAN });
        expect(puts(server)).toContain(`/api/v3/builds/${buildId}/abort`);
      }),
  );
});

describe.concurrent('saved state crafted by hand', () => {
  it.each(HOSTILE_IDS)('a run id %s is not used', (_label, id) =>
    withServer(async (server) => {
      const state = { kind: 'run', id: String(id), url: `${server.api}/runs/${RUNNING_RUN}` };
      const { report } = await post(server, RUN, { state });
      expect(report).toEqual({ code: 0, findings: CLEAN });
    }),
  );

  it.each(SOME_IDS)('a build id %s is not used', (_label, id) =>
    withServer(async (server) => {
      const state = { kind: 'build', id: String(id), url: `${server.api}/builds/${RUNNING_BUILD}` };
      const { report } = await post(server, BUILD, { state });
      expect(report).toEqual({ code: 0, findings: CLEAN });
    }),
  );

  it.each([...URL_KINDS, 'another run of the API'] as const)(
    'a build whose saved url is %s is aborted at the API’s build path',
    (kind) =>
      withServer(async (server) => {
        server.seedBuild(RUNNING_BUILD);
        server.seedRun(RUNNING_RUN, 'running', 'unknown');
        const url =
          kind === 'another run of the API' ? `${server.api}/runs/${RUNNING_RUN}` : hostileUrl(server, kind);
        const state = { kind: 'build', id: RUNNING_BUILD, url };
        const { report } = await post(server, BUILD, { state }, RUNNING_BUILD);
        expect(report).toEqual({ code: 0, findings: CLEAN });
        expect(puts(server)).toEqual([`/api/v3/builds/${RUNNING_BUILD}/abort`]);
      }),
  );

  it('a run whose saved url is elsewhere is aborted by its id', () =>
    withServer(async (server) => {
      server.seedRun(RUNNING_RUN, 'running', 'unknown');
      const state = { kind: 'run', id: RUNNING_RUN, url: hostileUrl(server, 'another loopback host') };
      const { report } = await post(server, RUN, { state });
      expect(report).toEqual({ code: 0, findings: CLEAN });
      expect(puts(server)).toEqual([`/api/v3/runs/${RUNNING_RUN}/abort`]);
    }));

  it('workflow runs with unusable ids are not aborted', () =>
    withServer(async (server) => {
      server.seedRun(RUNNING_RUN, 'running', 'unknown');
      const workflowRuns = JSON.stringify([RUNNING_RUN, ...HOSTILE_IDS.map(([, id]) => id)]);
      const state = { kind: 'run', id: RUNNING_RUN, url: `${server.api}/runs/${RUNNING_RUN}`, workflowRuns };
      const { report } = await post(server, RUN, { state });
      expect(report).toEqual({ code: 0, findings: CLEAN });
    }));

  it('a trigger in flight whose pipeline id is unusable is not looked for', () =>
    withServer(async (server) => {
      const pending = {
        ...fingerprintOf({ pipelineId: PIPELINE_ID }, [], fingerprintKey(TOKEN)),
        pipelineId: '..',
        known: ['..'],
      };
      const { report } = await post(server, RUN, { state: { pendingTrigger: JSON.stringify(pending) } });
      expect(report).toEqual({ code: 0, findings: CLEAN });
    }));

  it('a trigger in flight, looked for among runs with unusable ids: none is read or aborted', () =>
    withServer(async (server) => {
      for (const [, id] of HOSTILE_IDS) server.seedRun(id, 'running', 'unknown');
      server.seedRun(RUNNING_RUN, 'running', 'unknown');
      const pending = fingerprintOf({ pipelineId: PIPELINE_ID }, [], fingerprintKey(TOKEN));
      const { report } = await post(server, RUN, { state: { pendingTrigger: JSON.stringify(pending) } });
      expect(report).toEqual({ code: 0, findings: CLEAN });
    }));
});
