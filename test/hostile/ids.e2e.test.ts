// Ids from a hostile server: in the trigger's answer, in a followed run's answer, in the runs list a lost
// trigger is searched in, and in a workflow. An unusable id never reaches a path, an output or the post
// entry; the step says the run was created but its id is unusable.
import { beforeAll, describe, expect, it } from 'vitest';
import { makeFiles } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';
import {
  CLEAN,
  CREATED_BUT_UNUSABLE,
  checkpoint,
  inspectAction,
  runMain,
  runPost,
  stepError,
  withServer,
} from './checks.ts';
import {
  APP,
  APPLICATION_ID,
  boom,
  OWNER,
  PIPELINE_ID,
  PIPELINE_NAME,
  type HostileServer,
} from './server.ts';
import { HOSTILE_IDS, NUMBER_ID, THREE_IDS, TWO_IDS } from './values.ts';

beforeAll(ensureBundle, 600_000);

const RUN = { 'pipeline-id': PIPELINE_ID };
const BUILD = { 'application-id': APPLICATION_ID };
// Bounds a scenario where the action, taking a bad id, would follow something that never ends; with
// room for the look for a created run, since the timeout bounds the trigger's searches too.
const BOUNDED = { timeout: '8s' };

/** Main, then post on what main left: both held to the rules. */
async function mainThenPost(server: HostileServer, inputs: Record<string, string>) {
  const files = makeFiles();
  const main = await runMain(server, inputs, { files });
  const mainFindings = inspectAction(main, server);
  const mark = checkpoint(server);
  const post = await runPost(server, inputs, { files });
  return {
    main,
    report: {
      code: main.code,
      error: stepError(main),
      main: mainFindings,
      postCode: post.code,
      post: inspectAction(post, server, { after: mark }),
    },
  };
}

describe.concurrent('an unusable id in the trigger’s answer', () => {
  it.each(HOSTILE_IDS)('of a run (%s): the step fails, post leaves it alone', (_label, id) =>
    withServer(async (server) => {
      server.world.nextRunIds.push(id);
      const { report } = await mainThenPost(server, { ...RUN, ...BOUNDED });
      expect(report).toEqual({
        code: 1,
        error: expect.stringMatching(CREATED_BUT_UNUSABLE),
        main: CLEAN,
        postCode: 0,
        post: CLEAN,
      });
    }),
  );

  it.each(THREE_IDS)('of a build (%s): the step fails, post leaves it alone', (_label, id) =>
    withServer(async (server) => {
      server.world.nextBuildIds.push(id);
      const { report } = await mainThenPost(server, { ...BUILD, ...BOUNDED });
      expect(report).toEqual({
        code: 1,
        error: expect.stringMatching(CREATED_BUT_UNUSABLE),
        main: CLEAN,
        postCode: 0,
        post: CLEAN,
      });
    }),
  );

  it.each([
    ['run', RUN, 'nextRunIds'],
    ['build', BUILD, 'nextBuildIds'],
  ] as const)('of a %s, as a number: its digits, or refused', (_kind, inputs, queue) =>
    withServer(async (server) => {
      server.world[queue].push(NUMBER_ID);
      const main = await runMain(server, { ...inputs, ...BOUNDED });
      expect(inspectAction(main, server)).toEqual(CLEAN);
      if (main.code === 0) expect(main.outputs.id).toBe(String(NUMBER_ID));
      else expect(stepError(main)).toMatch(CREATED_BUT_UNUSABLE);
    }),
  );
});

describe.concurrent('an unusable id in the answers about a run the action follows', () => {
  it('run-id given, the server names the run ..: only the given id is used', () =>
    withServer(async (server) => {
      const given = String(server.seedRun('5f8e3c2a9b1d4e6f7a8b9c02', 'running', 'unknown'));
      server.edit('GET /runs/:id', (run) => ({ ...run, id: '..' }));
      const main = await runMain(server, { 'run-id': given, timeout: '3s' });
      expect(inspectAction(main, server)).toEqual(CLEAN);
    }));

  it('a triggered run read back as ..: only the trigger’s id is used', () =>
    withServer(async (server) => {
      server.edit('GET /runs/:id', (run) => ({ ...run, id: '..' }));
      const main = await runMain(server, { ...RUN, timeout: '3s' });
      expect(inspectAction(main, server)).toEqual(CLEAN);
    }));
});

describe.concurrent('unusable ids of what the action resolves by name', () => {
  it.each(TWO_IDS.slice(0, 1))('the pipeline named in `pipeline` has the id %s', (_label, id) =>
    withServer(async (server) => {
      server.answer('GET /applications/:owner/:app/pipelines', { json: [{ id, name: PIPELINE_NAME }] });
      const { report } = await mainThenPost(server, { pipeline: `${OWNER}/${APP}/${PIPELINE_NAME}` });
      expect({ main: report.main, post: report.post }).toEqual({ main: CLEAN, post: CLEAN });
    }),
  );

  it.each(TWO_IDS.slice(0, 1))('the application named in `application` has the id %s', (_label, id) =>
    withServer(async (server) => {
      server.world.stack = 1;
      server.edit('GET /applications/:owner/:app', (application) => ({ ...application, id }));
      const main = await runMain(server, { application: `${OWNER}/${APP}` });
      expect(inspectAction(main, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('unusable ids in the runs list', () => {
  const ids = [...HOSTILE_IDS.map(([, id]) => id), NUMBER_ID];

  it('of runs that appeared with a lost trigger’s run: neither read, aborted nor adopted', () =>
    withServer(async (server) => {
      server.world.strangersOnTrigger.push(...ids);
      server.answer(
        'POST /runs',
        ({ fallback }) => {
          fallback();
          return boom(502, 'upstream lost it');
        },
        1,
      );
      const { report } = await mainThenPost(server, { ...RUN, timeout: '5s' });
      expect({ main: report.main, post: report.post }).toEqual({ main: CLEAN, post: CLEAN });
    }));

  it('read before the trigger, as its watermark: never used', () =>
    withServer(async (server) => {
      for (const id of ids) server.seedRun(id);
      const { report } = await mainThenPost(server, RUN);
      expect({ main: report.main, post: report.post }).toEqual({ main: CLEAN, post: CLEAN });
    }));
});

describe.concurrent('unusable ids in the workflow (wait-for: workflow)', () => {
  const inputs = { ...RUN, application: `${OWNER}/${APP}`, 'wait-for': 'workflow', timeout: '3s' };

  it('the workflow’s own id ..: never read, never an output', () =>
    withServer(async (server) => {
      const id = '..';
      server.edit('GET /workflows', (workflows) =>
        workflows.map((workflow: object) => ({ ...workflow, id })),
      );
      server.edit('GET /workflows/:id', (workflow) => ({ ...workflow, id }));
      const main = await runMain(server, inputs);
      expect(inspectAction(main, server)).toEqual(CLEAN);
    }));

  it.each(TWO_IDS)('a running item’s run id %s: never aborted, by main or post', (_label, id) =>
    withServer(async (server) => {
      const addItem = (workflow: { items: object[] }) => ({
        ...workflow,
        items: [
          ...workflow.items,
          { id: 'item-2', type: 'run', status: 'running', result: 'unknown', data: { runId: id } },
        ],
      });
      server.edit('GET /workflows', (workflows) => workflows.map(addItem));
      server.edit('GET /workflows/:id', addItem);
      const { report } = await mainThenPost(server, inputs);
      expect({ main: report.main, post: report.post }).toEqual({ main: CLEAN, post: CLEAN });
    }),
  );
});
