// The CLI bundle against a hostile server: `runs list`, `run get`, `steps [--log]`, `abort` and `run`.
// Its output reaches a terminal, or the log of a `run:` step: no control character, no escape sequence,
// nothing the runner would read as a workflow command, no piece of the token, and no request that
// leaves the API or carries an unusable id.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { runCli } from '../cli/helpers.ts';
import { CLEAN, CREATED_BUT_UNUSABLE, inspectCli, proxyEnv, TOKEN, withServer } from './checks.ts';
import { PIPELINE_ID, type HostileServer, type Json } from './server.ts';
import {
  ECHOES,
  HOSTILE_IDS,
  HOSTILE_LOG_LINES,
  STRING_STATES,
  HOSTILE_TEXTS,
  THREE_IDS,
  hostileUrl,
  URL_KINDS,
} from './values.ts';

beforeAll(ensureBundle, 600_000);

const RUN_ID = '5f8e3c2a9b1d4e6f7a8b9c06';
const CLI_ECHOES = ECHOES.filter(([label]) =>
  [
    'the header, at the end',
    'the bare token straddling',
    'the header straddling character 500 of',
    'pieces',
    'the token with zero-width',
  ].some((start) => label.startsWith(start)),
);

/** The bundled CLI with the token in its environment; every other host is the elsewhere listener. */
async function cli(server: HostileServer, args: string[]) {
  const result = await runCli([...args, '--base-url', server.url], {
    entry: 'bundle',
    env: { CI_RUN_TOKEN: TOKEN, ...proxyEnv(server) },
  });
  return { result, findings: inspectCli(result, server) };
}

const TEXTS = HOSTILE_TEXTS.map(([, text]) => text);

/** The server's run `RUN_ID` with every field hostile; `shift` rotates the texts over the fields. */
function hostileRun(server: HostileServer, shift: number) {
  server.seedRun(RUN_ID, 'running', 'unknown');
  const text = (field: number) => TEXTS[(field + shift) % TEXTS.length]!;
  const [, state] = STRING_STATES[shift % STRING_STATES.length]!;
  server.edit('GET /runs/:id', (run) => ({
    ...run,
    url: hostileUrl(server, URL_KINDS[shift % URL_KINDS.length]!),
    status: state,
    result: state,
    message: text(0),
    branch: text(1),
    commitHash: text(2),
    user: { name: text(3), meta: { username: text(3) } },
    pipeline: { id: text(4), name: text(5) },
    sourceRun: { id: text(6) },
    envVars: [7, 8, 9].map((field) => ({ key: text(field), value: text(field) })),
  }));
}

describe.concurrent('reading commands', () => {
  it('runs list: hostile ids, states, urls and names', () =>
    withServer(async (server) => {
      HOSTILE_IDS.forEach(([, id]) => server.seedRun(id));
      server.edit('GET /runs', (runs: Json[]) =>
        runs.map((run, index) => ({
          ...run,
          status: STRING_STATES[index % STRING_STATES.length]![1],
          result: STRING_STATES[(index + 1) % STRING_STATES.length]![1],
          branch: TEXTS[index % TEXTS.length],
          commitHash: TEXTS[(index + 1) % TEXTS.length],
          pipeline: { id: TEXTS[index % TEXTS.length], name: TEXTS[(index + 2) % TEXTS.length] },
        })),
      );
      const { findings } = await cli(server, ['runs', 'list', '--pipeline-id', PIPELINE_ID]);
      expect(findings).toEqual(CLEAN);
    }));

  it.each([0, 5])('run get: every field hostile, the texts shifted by %i', (shift) =>
    withServer(async (server) => {
      hostileRun(server, shift);
      const { result, findings } = await cli(server, ['run', 'get', RUN_ID]);
      expect(findings).toEqual(CLEAN);
      // A url that is not plain http(s) makes the answer unusable: refused, naming the field.
      if (result.code !== 0) expect(result.stderr).toMatch(/field "url" is not/);
    }),
  );

  it.each(CLI_ECHOES)('run get: an error answer echoing %s', (_label, echo) =>
    withServer(async (server) => {
      server.answer('GET /runs/:id', ({ authorization }) => echo(authorization));
      const { result, findings } = await cli(server, ['run', 'get', RUN_ID]);
      expect({ code: result.code, findings }).toEqual({ code: 1, findings: CLEAN });
    }),
  );

  it('steps: hostile names, states and ids', () =>
    withServer(async (server) => {
      server.seedRun(RUN_ID);
      server.world.stepNames = HOSTILE_TEXTS.map(([, text]) => text);
      server.edit('GET /runs/:id/steps', (steps: Json[]) =>
        steps.map((step, index) => {
          const [, state] = STRING_STATES[index % STRING_STATES.length]!;
          const [, id] = HOSTILE_IDS[index % HOSTILE_IDS.length]!;
          return { ...step, id, status: state, result: state, logUrl: hostileUrl(server, 'javascript:') };
        }),
      );
      const { findings } = await cli(server, ['steps', RUN_ID]);
      expect(findings).toEqual(CLEAN);
    }));

  it('steps --log: a log holding every form of command, escape sequences and bidi controls', () =>
    withServer(async (server) => {
      server.seedRun(RUN_ID);
      server.world.log = () => `${HOSTILE_LOG_LINES.join('\n')}\n\x1b]0;title\x07\x1b[2Jdone\r\n`;
      const { result, findings } = await cli(server, ['steps', RUN_ID, '--log', '1']);
      expect({ code: result.code, findings }).toEqual({ code: 0, findings: CLEAN });
    }));

  it.each([
    'javascript:',
    'the metadata address',
    'another loopback host',
    'the API by another name',
  ] as const)('steps --log: a logUrl that is %s is not fetched', (kind) =>
    withServer(async (server) => {
      server.seedRun(RUN_ID);
      const logUrl = hostileUrl(server, kind);
      server.edit('GET /runs/:id/steps', (steps: Json[]) => steps.map((step) => ({ ...step, logUrl })));
      const { findings } = await cli(server, ['steps', RUN_ID, '--log', '1']);
      expect(findings).toEqual(CLEAN);
    }),
  );
});

describe.concurrent('commands that act', () => {
  it.each(THREE_IDS)('run: the trigger answers the id %s', (_label, id) =>
    withServer(async (server) => {
      server.world.nextRunIds.push(id);
      const { result, findings } = await cli(server, [
        'run',
        '--pipeline-id',
        PIPELINE_ID,
        '--poll-interval',
        '1s',
        '--timeout',
        '5s',
      ]);
      expect({ code: result.code, findings, error: `${result.stdout}\n${result.stderr}` }).toEqual({
        code: 1,
        findings: CLEAN,
        error: expect.stringMatching(CREATED_BUT_UNUSABLE),
      });
    }),
  );

  it('run: hostile step names, states and logs', () =>
    withServer(async (server) => {
      server.world.stepNames = HOSTILE_TEXTS.map(([, text]) => text);
      server.world.result = 'failed';
      server.world.log = () => `${HOSTILE_LOG_LINES.join('\n')}\n`;
      const { result, findings } = await cli(server, [
        'run',
        '--pipeline-id',
        PIPELINE_ID,
        '--poll-interval',
        '1s',
        '--step-logs',
        'all',
      ]);
      expect({ code: result.code, findings }).toEqual({ code: 1, findings: CLEAN });
    }));

  it.each(CLI_ECHOES.slice(2, 3))('abort: refused, echoing %s', (_label, echo) =>
    withServer(async (server) => {
      server.seedRun(RUN_ID, 'running', 'unknown');
      server.answer('PUT /runs/:id/abort', ({ authorization }) => ({ ...echo(authorization), status: 403 }));
      const { result, findings } = await cli(server, ['abort', RUN_ID]);
      expect({ code: result.code, findings }).toEqual({ code: 1, findings: CLEAN });
    }),
  );
});
