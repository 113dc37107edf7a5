// Statuses, results and progress from a hostile server, in every answer the action reads them from:
// the trigger, the run or build it follows, the steps, the workflow items, the abort. The outputs keep
// their documented values; the log, where it quotes them, keeps them inert.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { CLEAN, inspectAction, runMain, withServer } from './checks.ts';
import { APP, APPLICATION_ID, OWNER, PIPELINE_ID, type Json } from './server.ts';
import { HOSTILE_STATES, OTHER_STATES, SOME_STATES, STRING_STATES, type Row } from './values.ts';

beforeAll(ensureBundle, 600_000);

const RUN = { 'pipeline-id': PIPELINE_ID, 'step-logs': 'all' };
const BUILD = { 'application-id': APPLICATION_ID };

describe.concurrent('a run', () => {
  it.each(SOME_STATES)(
    'that never says it finished (status %s) is aborted at the timeout, whatever the abort answers',
    (_label, value) =>
      withServer(async (server) => {
        server.world.finishAfterReads = Infinity;
        // Until the abort has finished it: then the read shows the abort's outcome.
        server.edit('GET /runs/:id', (run, { world }) =>
          world.runs[0]?.status === 'finished' ? run : { ...run, status: value },
        );
        server.edit('PUT /runs/:id/abort', (run) => ({ ...run, status: value, result: value }), 1);
        const result = await runMain(server, { ...RUN, timeout: '2s' });
        expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
          code: 1,
          findings: CLEAN,
        });
      }),
  );

  it.each(SOME_STATES)('that finishes with result %s fails the step', (_label, value) =>
    withServer(async (server) => {
      server.edit('GET /runs/:id', (run) => (run.status === 'finished' ? { ...run, result: value } : run));
      const result = await runMain(server, RUN);
      expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
        code: 1,
        findings: CLEAN,
      });
    }),
  );

  const progresses = [-5, 1e21, 50.5, '50; rm -rf /'];
  it.each(
    HOSTILE_STATES.map(([label, value], index) => {
      const progress = progresses[index % progresses.length];
      return [label, String(progress), value, progress] as const;
    }),
  )('not waited for, triggered and read back as %s, with progress %s', (_label, _shown, value, progress) =>
    withServer(async (server) => {
      const hostile = (run: Json) => ({ ...run, status: value, result: value, progress });
      server.edit('POST /runs', hostile);
      server.edit('GET /runs/:id', hostile);
      const result = await runMain(server, { ...RUN, wait: 'false' });
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('steps', () => {
  it.each([
    ['strings', STRING_STATES],
    ['other values', OTHER_STATES],
  ] as Array<[string, Row[]]>)(
    'with hostile statuses and results (%s): printed, annotated and in the steps output',
    (_label, states) =>
      withServer(async (server) => {
        server.world.stepNames = states.map(([label]) => label);
        server.edit('GET /runs/:id/steps', (steps: Json[], { world }) =>
          steps.map((step, index) => {
            const [, value] = states[index]!;
            const finished = world.runs[0]?.status === 'finished';
            return finished ? { ...step, result: value } : { ...step, status: value, result: value };
          }),
        );
        const result = await runMain(server, RUN);
        expect(inspectAction(result, server)).toEqual(CLEAN);
      }),
  );
});

describe.concurrent('a build', () => {
  it.each(SOME_STATES.slice(0, 2))('that finishes with result %s', (_label, value) =>
    withServer(async (server) => {
      server.edit('GET /builds/:id', (build) =>
        build.status === 'finished' ? { ...build, result: value } : build,
      );
      const result = await runMain(server, BUILD);
      expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
        code: 1,
        findings: CLEAN,
      });
    }),
  );

  it('that never says it finished is aborted at the timeout, at the API’s own abort path', () =>
    withServer(async (server) => {
      server.world.finishAfterReads = Infinity;
      server.edit('GET /builds/:id', (build, { world }) =>
        world.builds[0]?.status === 'finished' ? build : { ...build, status: 'finished\n::error::x' },
      );
      const result = await runMain(server, { ...BUILD, timeout: '2s' });
      const buildId = String(server.world.builds[0]?.id);
      expect(inspectAction(result, server, { buildId })).toEqual(CLEAN);
      expect(server.requests().filter((request) => request.method === 'PUT')).not.toEqual([]);
    }));
});

describe.concurrent('workflow items (wait-for: workflow)', () => {
  it.each([
    ['strings', STRING_STATES],
    ...OTHER_STATES.map(([label, value]) => [label, [[label, value]]]),
  ] as Array<[string, Row[]]>)('with hostile statuses and results: %s', (_label, states) =>
    withServer(async (server) => {
      const addItems = (workflow: { items: object[] }) => ({
        ...workflow,
        items: [
          ...workflow.items,
          ...states.flatMap(([label, value], index) => [
            {
              id: `done-${index}`,
              type: 'run',
              status: 'finished',
              result: value,
              data: { targetName: label },
            },
            {
              id: `odd-${index}`,
              type: 'run',
              status: value,
              result: 'unknown',
              data: { targetName: label },
            },
          ]),
        ],
      });
      server.edit('GET /workflows', (workflows) => workflows.map(addItems));
      server.edit('GET /workflows/:id', addItems);
      const result = await runMain(server, {
        ...RUN,
        application: `${OWNER}/${APP}`,
        'wait-for': 'workflow',
        timeout: '4s',
      });
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});
