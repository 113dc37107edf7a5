// Bounds against a server that keeps requests alive without ever answering them: one byte at a time,
// forever. `timeout` holds for the requests in flight too, not only between polls; the timeout path
// runs (the abort is sent) and the step says it timed out; a failed step whose log never ends is still
// named. The bounds asserted are generous: the point is that the step ends at all.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { makeFiles } from '../support/action-harness.ts';
import {
  CLEAN,
  checkpoint,
  inspectAction,
  runMain,
  runPost,
  startMain,
  stepError,
  withServer,
} from './checks.ts';
import { APP, boom, OWNER, PIPELINE_ID, type HostileServer } from './server.ts';

beforeAll(ensureBundle, 600_000);

const RUN = { 'pipeline-id': PIPELINE_ID };
/** Long enough for a step that would otherwise never end to show that it does not. */
const HANGS = 90_000;

const aborts = (server: HostileServer) =>
  server
    .requests()
    .filter((request) => request.route === 'PUT /runs/:id/abort')
    .map((request) => request.params[0]);

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const began = Date.now();
  const value = await run();
  return { value, ms: Date.now() - began };
}

describe.concurrent('a server that trickles its answers', () => {
  it(
    'every read of the run, with timeout: 5s: the step ends, sends the abort and says it timed out',
    () =>
      withServer(async (server) => {
        server.world.finishAfterReads = Infinity;
        server.answer('GET /runs/:id', { trickleMs: 1000 });
        const { value: result, ms } = await timed(() => runMain(server, { ...RUN, timeout: '5s' }));
        const runId = String(server.world.runs[0]?.id);
        expect(inspectAction(result, server)).toEqual(CLEAN);
        expect(stepError(result)).toMatch(/^Timed out after 5s/);
        expect(aborts(server)).toContain(runId);
        expect(ms).toBeLessThan(15_000);
      }),
    HANGS,
  );

  it(
    'the log of a failed step, with timeout: 6s: the step ends and names the failed step',
    () =>
      withServer(async (server) => {
        server.world.result = 'failed';
        server.answer('GET /runsteps/:id/log', { text: 'npm ERR! test failed\n', trickleMs: 1000 });
        const { value: result, ms } = await timed(() => runMain(server, { ...RUN, timeout: '6s' }));
        expect(inspectAction(result, server)).toEqual(CLEAN);
        expect(stepError(result)).toMatch(/step 2\/2 "npm test"/);
        expect(ms).toBeLessThan(16_000);
      }),
    HANGS,
  );

  it(
    'the log of every failed step is read once, for the log, the summary and the annotations alike',
    () =>
      withServer(async (server) => {
        server.world.result = 'failed';
        server.world.stepNames = Array.from({ length: 30 }, (_, index) => `step ${index + 1}`);
        // Every step fails: the world fails the last one; the others are made to fail here.
        server.edit('GET /runs/:id/steps', (steps: Array<Record<string, unknown>>) =>
          steps.map((step) => (step.status === 'finished' ? { ...step, result: 'failed' } : step)),
        );
        // The failed steps' tails (a live log reads each running step's log as it grows, by design).
        const result = await runMain(server, { ...RUN, timeout: '20s', 'step-logs': 'failed' });
        const reads = server
          .requests()
          .filter((request) => request.route === 'GET /runsteps/:id/log')
          .map((request) => request.params[0]);
        expect(inspectAction(result, server)).toEqual(CLEAN);
        expect(new Set(reads).size).toBe(reads.length);
        expect(reads.length).toBeLessThanOrEqual(20);
        // The steps past the first twenty are still named.
        expect(result.stdout).toContain('step 30');
      }),
    HANGS,
  );
});

describe.concurrent('remote text in messages', () => {
  it('an error body with escape sequences, in the warning about an unreadable workflow', () =>
    withServer(async (server) => {
      const escapes =
        '\u001b]8;;https://evil.test\u0007click\u001b]8;;\u0007 \u001b[2J\u001b[H \u202eevil\u202c done';
      // Eight answers: the client's own attempts (at once, as asked), so that the flow warns before the
      // list is read.
      const down = { ...boom(503, `down: ${escapes}`), headers: { 'retry-after': '0' } };
      server.answer('GET /workflows', down, 8);
      const result = await runMain(server, {
        ...RUN,
        application: `${OWNER}/${APP}`,
        'wait-for': 'workflow',
        timeout: '20s',
      });
      expect(inspectAction(result, server)).toEqual(CLEAN);
      expect(result.stdout).toContain('Could not read the workflow');
    }));
});

describe.concurrent('the post entry against answers that trickle', () => {
  it(
    'main killed while its trigger was in flight: post ends within its budget and says what it could not do',
    () =>
      withServer(async (server) => {
        server.answer('POST /runs', { trickleMs: 1000 });
        const files = makeFiles();
        const main = startMain(server, RUN, { files });
        while (!server.requests().some((request) => request.route === 'POST /runs')) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        main.child.kill('SIGKILL');
        await main.result;
        for (const route of ['GET /runs', 'GET /runs/:id', 'PUT /runs/:id/abort'] as const) {
          server.answer(route, { trickleMs: 1000 });
        }
        const mark = checkpoint(server);
        const { value: result, ms } = await timed(() => runPost(server, RUN, { files }));
        expect(inspectAction(result, server, { after: mark })).toEqual(CLEAN);
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('Could not finish looking for the run of a trigger');
        expect(ms).toBeLessThan(45_000);
      }),
    HANGS,
  );
});

describe.concurrent('a run url off the API origin, with a command and a query', () => {
  it('reaches no output, log line or summary', () =>
    withServer(async (server) => {
      const url = `${server.elsewhere.url}/api/v3/runs/x?$(touch\${IFS}/tmp/x)&sig=s3cr3t#frag`;
      for (const route of ['POST /runs', 'GET /runs/:id'] as const) {
        server.edit(route, (run) => ({ ...run, url }));
      }
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
      const runId = String(server.world.runs[0]?.id);
      expect(result.outputs.url).toBe(`${server.api}/runs/${runId}`);
      const shown = [result.stdout, result.stderr, result.summary, ...Object.values(result.outputs)].join(
        '\n',
      );
      expect(shown).not.toContain(new URL(server.elsewhere.url).host);
      expect(shown).not.toContain('$(');
      expect(shown).not.toContain('s3cr3t');
    }));
});

describe.concurrent('ids and names that climb the path', () => {
  it.each([
    ['run-id: ..', { 'run-id': '..' }, 'run-id'],
    ['pipeline: ../../x', { pipeline: '../../x' }, 'pipeline'],
  ] as const)('%s is bad input, and nothing is sent', (_label, inputs, name) =>
    withServer(async (server) => {
      const result = await runMain(server, inputs);
      expect(result.code).not.toBe(0);
      expect(stepError(result)).toContain(`\`${name}\``);
      expect(server.requests()).toEqual([]);
    }),
  );
});

describe.concurrent('a time that is a finite number but no date', () => {
  it('is dropped like any malformed field: every other output is still written', () =>
    withServer(async (server) => {
      server.edit('GET /runs/:id', (run) => ({ ...run, startedAt: 1e20 }));
      const result = await runMain(server, RUN);
      expect(inspectAction(result, server)).toEqual(CLEAN);
      expect(result.outputs).toMatchObject({ status: 'finished', result: 'passed' });
      expect(JSON.parse(result.outputs.steps ?? 'null')).toHaveLength(2);
    }));
});
