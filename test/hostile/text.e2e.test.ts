// Remote text from a hostile server: step names, the run's message, branch, commit and pipeline name,
// workflow item names, pipeline names, step logs. Wherever the action prints it (log lines, group titles,
// annotations, the summary), no workflow command in it takes effect and no control character survives.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { CLEAN, inspectAction, runMain, withServer } from './checks.ts';
import { APP, OWNER, PIPELINE_ID, PIPELINE_NAME, type Json } from './server.ts';
import { HOSTILE_LOG_LINES, HOSTILE_TEXTS } from './values.ts';

beforeAll(ensureBundle, 600_000);

const RUN = { 'pipeline-id': PIPELINE_ID, 'step-logs': 'all' };
const TEXTS = HOSTILE_TEXTS.map(([, text]) => text);

describe.concurrent('step names', () => {
  it('in group titles, annotations, the outcome and the summary; as `step` and as `displayName`', () =>
    withServer(async (server) => {
      server.world.stepNames = TEXTS;
      server.world.result = 'failed';
      server.edit('GET /runs/:id/steps', (steps: Json[]) =>
        steps.map(({ step, ...rest }, index) =>
          index % 2 === 0 ? { ...rest, step } : { ...rest, displayName: step, phase: 'mainSteps' },
        ),
      );
      const result = await runMain(server, RUN);
      expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
        code: 1,
        findings: CLEAN,
      });
    }));
});

describe.concurrent('the run’s own fields', () => {
  // Each text lands in several fields over the runs: the texts are rotated over the fields.
  it.each([0, 6])('message, branch, commit, pipeline and user name, texts shifted by %i', (shift) =>
    withServer(async (server) => {
      const text = (field: number) => TEXTS[(field + shift) % TEXTS.length]!;
      const hostile = (run: Json) => ({
        ...run,
        message: text(0),
        branch: text(1),
        commitHash: text(2),
        user: { ...run.user, name: text(3), meta: { username: text(3) } },
        pipeline: { ...run.pipeline, name: text(4), pipelineName: text(5) },
      });
      for (const route of ['POST /runs', 'GET /runs/:id'] as const) server.edit(route, hostile);
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('names of other things', () => {
  it('workflow items (wait-for: workflow)', () =>
    withServer(async (server) => {
      const addItems = (workflow: { items: object[] }) => ({
        ...workflow,
        items: [
          ...workflow.items,
          ...TEXTS.map((text, index) => ({
            id: `item-${index}`,
            type: 'run',
            status: 'finished',
            result: 'passed',
            data: { targetName: text, pipelineId: text, stepName: text },
          })),
        ],
      });
      server.edit('GET /workflows', (workflows) => workflows.map(addItems));
      server.edit('GET /workflows/:id', addItems);
      const result = await runMain(server, {
        ...RUN,
        application: `${OWNER}/${APP}`,
        'wait-for': 'workflow',
        timeout: '5s',
      });
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }));

  it('pipelines listed in the error for a pipeline name that does not exist', () =>
    withServer(async (server) => {
      server.answer('GET /applications/:owner/:app/pipelines', {
        json: TEXTS.map((name, index) => ({ id: `5f8e3c2a9b1d4e6f7a8b9d${index}0`, name })),
      });
      const result = await runMain(server, { pipeline: `${OWNER}/${APP}/missing` });
      expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
        code: 1,
        findings: CLEAN,
      });
    }));

  it('runs read for a pipeline name, on a server without the pipelines list', () =>
    withServer(async (server) => {
      server.answer('GET /applications/:owner/:app/pipelines', { status: 404, json: {} });
      TEXTS.forEach((_text, index) => server.seedRun(`5f8e3c2a9b1d4e6f7a8b9e${index}0`));
      server.edit('GET /runs', (runs: Json[]) =>
        runs.map((run, index) => ({
          ...run,
          pipeline: { id: PIPELINE_ID, name: TEXTS[index % TEXTS.length] },
        })),
      );
      const result = await runMain(server, { pipeline: `${OWNER}/${APP}/${PIPELINE_NAME}-missing` });
      expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
        code: 1,
        findings: CLEAN,
      });
    }));
});

describe.concurrent('step logs', () => {
  it('hold every form of command the runner honours, in the tail of each step', () =>
    withServer(async (server) => {
      server.world.log = () => `${HOSTILE_LOG_LINES.join('\n')}\n`;
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
    }));

  // Eight failed steps get an annotation each; two halves cover every text.
  it.each([
    ['the first half', TEXTS.slice(0, 5)],
    ['the second half', TEXTS.slice(5)],
  ])('of failed steps quote an error line in their annotation: %s', (_label, texts) =>
    withServer(async (server) => {
      server.world.stepNames = texts;
      server.world.result = 'failed';
      server.world.log = (order) => `ERROR: ${texts[order - 1]}\n${texts[order - 1]}\n`;
      server.edit('GET /runs/:id/steps', (steps: Json[]) =>
        steps.map((step) => (step.status === 'finished' ? { ...step, result: 'failed' } : step)),
      );
      const result = await runMain(server, { ...RUN, 'step-logs': 'failed' });
      expect({ code: result.code, findings: inspectAction(result, server) }).toEqual({
        code: 1,
        findings: CLEAN,
      });
    }),
  );
});
