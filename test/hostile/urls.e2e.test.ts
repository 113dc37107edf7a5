// Urls from a hostile server: the run's and the build's `url`, and each step's `logUrl`. No request
// leaves the API's origin (unless `log-origins` names the other origin, and then without the token),
// a build is aborted at `<base-url>/api/v3/builds/<id>/abort` whatever its url says, and the `url`
// output is an http(s) URL or nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { CLEAN, inspectAction, runMain, withServer } from './checks.ts';
import { APPLICATION_ID, PIPELINE_ID, type HostileServer, type Json } from './server.ts';
import { hostileUrl, URL_KINDS } from './values.ts';

beforeAll(ensureBundle, 600_000);

const RUN = { 'pipeline-id': PIPELINE_ID };
const BUILD = { 'application-id': APPLICATION_ID };

const puts = (server: HostileServer) =>
  server
    .requests()
    .filter((request) => request.method === 'PUT')
    .map((request) => request.target);

describe.concurrent('a run’s url', () => {
  it.each(URL_KINDS)('%s, in the trigger and the read back (wait: false)', (kind) =>
    withServer(async (server) => {
      const url = hostileUrl(server, kind);
      for (const route of ['POST /runs', 'GET /runs/:id'] as const) {
        server.edit(route, (run) => ({ ...run, url }));
      }
      const result = await runMain(server, { ...RUN, wait: 'false' });
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('a step’s logUrl', () => {
  it(`of every kind, one per step (${URL_KINDS.join(', ')}): none fetched`, () =>
    withServer(async (server) => {
      server.world.stepNames = [...URL_KINDS];
      server.edit('GET /runs/:id/steps', (steps: Json[]) =>
        steps.map((step, index) => ({ ...step, logUrl: hostileUrl(server, URL_KINDS[index]!) })),
      );
      const result = await runMain(server, { ...RUN, 'step-logs': 'all' });
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }));

  it('on another origin named in log-origins: fetched without the token, and shown inert', () =>
    withServer(async (server) => {
      const logUrl = hostileUrl(server, 'another loopback host');
      server.edit('GET /runs/:id/steps', (steps: Json[]) => steps.map((step) => ({ ...step, logUrl })));
      const result = await runMain(server, {
        ...RUN,
        'step-logs': 'all',
        'log-origins': new URL(logUrl).origin,
      });
      const { log, outputs, token } = inspectAction(result, server);
      const elsewhere = server.elsewhere.requests();
      expect({ log, outputs, token }).toEqual({ log: [], outputs: [], token: [] });
      expect(elsewhere.map((request) => request.target)).toContain(new URL(logUrl).pathname);
      expect(elsewhere.filter((request) => request.headers.authorization !== undefined)).toEqual([]);
      expect(result.stdout).toContain('ami-0abcdef1234567890');
    }));
});

describe.concurrent('a build’s url', () => {
  // The post entry's tests take every kind; here, the two that a request could reach.
  it.each(['another loopback host', 'the metadata address'] as const)(
    '%s: the timeout’s abort still goes to the API’s build path',
    (kind) =>
      withServer(async (server) => {
        server.world.finishAfterReads = Infinity;
        const url = hostileUrl(server, kind);
        for (const route of ['POST /builds', 'GET /builds/:id'] as const) {
          server.edit(route, (build) => ({ ...build, url }));
        }
        const result = await runMain(server, { ...BUILD, timeout: '2s' });
        const buildId = String(server.world.builds[0]?.id);
        expect(inspectAction(result, server, { buildId })).toEqual(CLEAN);
        expect(puts(server)).toContain(`/api/v3/builds/${buildId}/abort`);
      }),
  );

  it('pointing at another run of the API: that run is not aborted', () =>
    withServer(async (server) => {
      server.world.finishAfterReads = Infinity;
      const victim = String(server.seedRun('5f8e3c2a9b1d4e6f7a8b9c03', 'running', 'unknown'));
      const url = `${server.api}/runs/${victim}`;
      for (const route of ['POST /builds', 'GET /builds/:id'] as const) {
        server.edit(route, (build) => ({ ...build, url }));
      }
      const result = await runMain(server, { ...BUILD, timeout: '2s' });
      const buildId = String(server.world.builds[0]?.id);
      expect(inspectAction(result, server, { buildId })).toEqual(CLEAN);
      expect(server.world.runs[0]).toMatchObject({ status: 'running' });
    }));
});
