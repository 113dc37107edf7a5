// Error answers from a hostile server that echo the Authorization header: whole, bare, at the start,
// straddling the 500th character of a long message, in pieces, between workflow commands and escape
// sequences; and a JSON body over the 8 MiB cap. No piece of the token shows anywhere, and the error text
// stays inert wherever the action quotes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { CLEAN, inspectAction, runMain, withServer } from './checks.ts';
import {
  APP,
  APPLICATION_ID,
  OWNER,
  PIPELINE_ID,
  type Answer,
  type HostileServer,
  type RouteName,
} from './server.ts';
import { bare, ECHOES, type Echo } from './values.ts';

beforeAll(ensureBundle, 600_000);

const echoNamed = (label: string) => ECHOES.find(([name]) => name.startsWith(label))!;
// A read answered 5xx is retried for seconds: the reads get the 4xx echoes, and the other endpoints the
// one echo that holds every difficulty.
const READ_ECHOES = ['the header, at the end', 'the bare token straddling', 'pieces'].map(echoNamed);
const ALL_IN_ONE = echoNamed('the header straddling character 500 of 600');

const RUN = { 'pipeline-id': PIPELINE_ID, 'step-logs': 'all', timeout: '4s' };

/**
 * Answers `route` with the echo every time; `status` replaces the echo's status where one is needed.
 * Behind a 5xx the server did the work (created the run) before failing, as a real one may.
 */
function echoOn(server: HostileServer, route: RouteName, echo: Echo, status?: number): void {
  server.answer(route, ({ authorization, fallback }) => {
    const answer = { ...echo(authorization), ...(status === undefined ? {} : { status }) };
    if ((answer.status ?? 200) >= 500) fallback();
    return answer;
  });
}

describe.concurrent('an error answer to the trigger', () => {
  it.each(ECHOES)('echoing %s', (_label, echo) =>
    withServer(async (server) => {
      echoOn(server, 'POST /runs', echo);
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('an error answer to each read of the run', () => {
  it.each(READ_ECHOES)('echoing %s', (_label, echo) =>
    withServer(async (server) => {
      echoOn(server, 'GET /runs/:id', echo);
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('an error answer from the other endpoints', () => {
  const cases: Array<[string, RouteName, Record<string, string>, number?]> = [
    ['the runs list read before the trigger', 'GET /runs', RUN],
    ['the steps', 'GET /runs/:id/steps', RUN],
    ['a step log', 'GET /runsteps/:id/log', RUN],
    ['the build trigger', 'POST /builds', { 'application-id': APPLICATION_ID }],
    [
      'the workflows list',
      'GET /workflows',
      { ...RUN, application: `${OWNER}/${APP}`, 'wait-for': 'workflow' },
    ],
    // A refused abort that is not 401, 403 or 404 is tried again for the whole abort budget.
    ['the abort', 'PUT /runs/:id/abort', { ...RUN, timeout: '2s' }, 403],
  ];

  it.each(cases)(`%s, echoing ${ALL_IN_ONE[0]}`, (_label, route, inputs, status) =>
    withServer(async (server) => {
      if (route === 'PUT /runs/:id/abort') server.world.finishAfterReads = Infinity;
      echoOn(server, route, ALL_IN_ONE[1], status);
      const result = await runMain(server, inputs);
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('a JSON body over the 8 MiB cap', () => {
  const huge = (authorization: string, fields: object): Answer => ({
    json: {
      ...fields,
      message: `${bare(authorization)}\n::error::INJECTED`,
      padding: 'x'.repeat(17 * 1024 * 1024),
    },
  });

  it.each([
    ['the trigger', 'POST /runs', 1],
    ['a read of the run', 'GET /runs/:id', 2],
  ] as const)('from %s', (_label, route, times) =>
    withServer(async (server) => {
      server.answer(
        route,
        ({ authorization, fallback }) => huge(authorization, fallback().json as object),
        times,
      );
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
      expect(result.signal).toBeNull();
    }),
  );
});
