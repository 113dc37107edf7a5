// The CLI in a workflow step, facing a server whose every string is a workflow command in disguise: what it
// prints on stdout and stderr goes through the runner model, and no command may take effect. Outside
// GitHub Actions remote lines are guarded one by one; with GITHUB_ACTIONS=true step logs are fenced the way
// the action fences them.
import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { INJECTED_LINES } from '../../src/emulator/logs.ts';
import { defuseLogLine, splitLines } from '../../src/text/safety.ts';
import { sendJson, startStub, type StubServer } from '../api/helpers.ts';
import { parseRunnerOutput, type RunnerOutput } from '../support/action-harness.ts';
import { BUILD_PIPELINE, captureIo, TOKEN } from './helpers.ts';

/** Strings the runner would act on, in the forms it honours, beyond the emulator's own log lines. */
const HOSTILE = [
  '::warning title=CLI::x',
  '::add-mask::passed',
  '##[group]fake',
  '  ::error title=CLI::indented',
  '\u00a0\u3000\u2003::error::after Unicode spaces',
  '\u0085::notice::after a next-line',
  'ok\r::warning::after a carriage return',
  'ok\n::notice::after a line feed',
  'ok\u2028::error::after a line separator',
  '\u200b::add-mask::after a zero-width space',
  '::warning:\u200b:split by a zero-width space',
  'text ##[add-mask]legacy',
  'text #\u200b#[warning]legacy split',
  '\u001b[2K::error::after an escape',
  '\u001b]0;title\u0007::error::after a title',
  '::stop-commands::hostile',
  '::endgroup::',
  '::set-output name=result::hacked',
  '::save-state name=x::y',
  '::add-path::/tmp/evil',
  '::set-env name=NODE_OPTIONS::--require=/tmp/evil.js',
  '::echo::on',
  '::debug::hidden',
  '::add-matcher::evil.json',
];

const RUN_ID = '5e0000000000000000000001';
const REFUSED_ID = '5e0000000000000000000003';
const LOG_LINES = [...HOSTILE, ...INJECTED_LINES, 'ERROR: 3 tests failed'];

let server: StubServer;

/**
 * A run whose every free-text string is hostile, each field another one of HOSTILE (`index` picks the
 * first). Its id and url are usable: the client refuses a run whose id or url is not (test/hostile).
 */
function hostileRun(id: string, index: number) {
  const text = (field: number) => HOSTILE[(index + field) % HOSTILE.length]!;
  return {
    id,
    url: `${server.url}/api/v3/runs/${encodeURIComponent(id)}`,
    status: index % 2 === 0 ? 'finished' : text(2),
    result: index % 2 === 0 ? text(2) : null,
    progress: 40,
    branch: text(3),
    commitHash: text(4),
    message: text(5),
    user: { username: text(6) },
    pipeline: { id: 'p0000000000000000000000a', name: text(8) },
    sourceRun: { id: 'r0000000000000000000000b' },
    envVars: [{ key: text(10), value: text(11) }],
    createdAt: '2025-06-11T14:02:33.000Z',
    startedAt: '2025-06-11T14:02:35.000Z',
    finishedAt: '2025-06-11T14:03:35.000Z',
  };
}

/** The log in pieces that cut lines apart, so that the CLI sees several chunks. */
async function sendLog(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/plain' });
  const text = LOG_LINES.join('\n') + '\n';
  for (let at = 0; at < text.length; at += 97) {
    response.write(text.slice(at, at + 97));
    await delay(5);
  }
  response.end();
}

beforeAll(async () => {
  server = await startStub(async (request, response) => {
    const { pathname } = new URL(request.url, server.url);
    if (pathname === '/api/v3/runs') {
      sendJson(
        response,
        200,
        HOSTILE.map((_text, index) => hostileRun(`run-${index}`, index)),
      );
    } else if (pathname === `/api/v3/runs/${RUN_ID}`) {
      sendJson(response, 200, hostileRun(RUN_ID, 0));
    } else if (pathname === `/api/v3/runs/${RUN_ID}/steps`) {
      sendJson(
        response,
        200,
        HOSTILE.map((text, index) => ({
          id: `s${index}`,
          order: index + 1,
          step: text,
          status: 'finished',
          result: text,
          startedAt: '2025-06-11T14:02:35.000Z',
          finishedAt: '2025-06-11T14:02:36.000Z',
          logUrl: `${server.url}/api/v3/runsteps/s${index}/log`,
        })),
      );
    } else if (pathname.startsWith('/api/v3/runsteps/')) {
      await sendLog(response);
    } else {
      sendJson(response, 400, { message: HOSTILE.join('\n') });
    }
  });
});
afterAll(async () => server?.close());

async function cli(args: string[], actions: boolean) {
  const io = captureIo({
    CI_RUN_BASE_URL: server.url,
    CI_RUN_TOKEN: 'token',
    ...(actions ? { GITHUB_ACTIONS: 'true' } : {}),
  });
  const code = await runCli(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

const FENCE_TOKEN = /^[0-9a-f]{64}$/;

/**
 * Nothing in `output` takes effect: no command but our own stop-commands fences (each resumed, with a token
 * of ours), no annotation, no group, no mask, no output, and the step not failed.
 */
function expectInert(output: string) {
  const runner = parseRunnerOutput(output);
  const acted = runner.commands.filter(
    (command) => command.outcome !== 'stop' && command.outcome !== 'resume',
  );
  expect(acted.map((command) => command.line)).toEqual([]);
  for (const stop of runner.stops) {
    expect(stop.token).toMatch(FENCE_TOKEN);
    expect(stop.resumedAt).toBeDefined();
  }
  expect(runner.annotations).toEqual([]);
  expect(runner.groups).toEqual([]);
  expect(runner.masks).toEqual([]);
  expect(runner.outputs).toEqual({});
  expect(runner.state).toEqual({});
  expect(runner.env).toEqual({});
  expect(runner.paths).toEqual([]);
  expect(runner.matchers).toEqual([]);
  expect(runner.debug).toEqual([]);
  expect(runner.failed).toBe(false);
  expect(output).not.toContain('\u001b');
  return runner;
}

/** The lines between a stop-commands fence and its end. */
function fencedLines(runner: RunnerOutput): string[] {
  return runner.stops.flatMap((stop) => runner.lines.slice(stop.index + 1, stop.resumedAt));
}

describe.each([
  ['outside GitHub Actions', false],
  ['with GITHUB_ACTIONS=true', true],
])('a hostile server, %s', (_name, actions) => {
  it('runs list: no row starts a command, however its id, pipeline or branch reads', async () => {
    const result = await cli(['runs', 'list', '--pipeline-id', 'p'], actions);
    expect(result.code, result.stderr).toBe(0);
    const runner = expectInert(result.stdout);
    expect(runner.stops).toEqual([]);
    // One line per run under the header: line breaks in a value do not make new lines.
    expect(runner.lines).toHaveLength(HOSTILE.length + 1);
    expectInert(result.stderr);
  });

  it('runs list --json: the same data back, and no ##[ for the runner', async () => {
    const result = await cli(['runs', 'list', '--pipeline-id', 'p', '--json'], actions);
    expect(result.code).toBe(0);
    expectInert(result.stdout);
    const runs = JSON.parse(result.stdout) as Array<{ branch: string }>;
    expect(runs.map((run) => run.branch)).toEqual(
      HOSTILE.map((_text, index) => HOSTILE[(index + 3) % HOSTILE.length]),
    );
  });

  it('run get: every field on its own line, none a command', async () => {
    const result = await cli(['run', 'get', RUN_ID], actions);
    expect(result.code, result.stderr).toBe(0);
    const runner = expectInert(result.stdout);
    expect(runner.lines[0]).toMatch(new RegExp(`^Run: +${RUN_ID}$`));
    expect(runner.lines.every((line) => /^[A-Z][A-Za-z ]+: +\S/.test(line))).toBe(true);
    expect(result.stdout).toMatch(/^Branch: +› ::error title=CLI::indented$/m);
  });

  it('steps: a table of hostile step names and results', async () => {
    const result = await cli(['steps', RUN_ID], actions);
    expect(result.code, result.stderr).toBe(0);
    const runner = expectInert(result.stdout);
    expect(runner.lines).toHaveLength(HOSTILE.length + 1);
  });

  it('steps --log: the remote log, streamed in pieces, with no command taking effect', async () => {
    const result = await cli(['steps', RUN_ID, '--log', '3'], actions);
    expect(result.code, result.stderr).toBe(0);
    const runner = expectInert(result.stdout);
    expectInert(result.stderr);
    if (!actions) {
      expect(runner.stops).toEqual([]);
      expect(runner.lines).toContain('› ::add-mask::passed');
      expect(runner.lines).toContain('› # #[group]fake');
      expect(runner.lines).toContain('› text # #[add-mask]legacy');
      expect(runner.lines).toContain('ERROR: 3 tests failed');
      return;
    }
    // Fenced as the action fences a log tail: the body is the log's lines, defused, and only inside fences.
    expect(runner.stops.length).toBeGreaterThanOrEqual(1);
    const body = fencedLines(runner);
    expect(body.length + 2 * runner.stops.length).toBe(runner.lines.length);
    const expected = LOG_LINES.flatMap((line) => splitLines(line)).map(defuseLogLine);
    expect(body).toEqual(expected);
    expect(body).toContain('::add-mask::passed');
    expect(body).toContain('# #[group]fake');
  });

  it('an error answer: its message on stderr cannot act either', async () => {
    const result = await cli(['run', 'get', REFUSED_ID], actions);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ci-run: GET \/api\/v3\/runs\/5e0+3 failed with HTTP 400/);
    expectInert(result.stderr);
    expect(result.stdout).toBe('');
  });
});

describe.each([
  ['outside GitHub Actions', false],
  ['with GITHUB_ACTIONS=true', true],
])('ci-run run with hostile step names and logs, %s', (_name, actions) => {
  // No comma (the variable's separator) and no CR or LF (those of --env-vars); the emulator's logs add the rest.
  const names = [
    '::add-mask::passed',
    '##[group]fake',
    '  ::error title=CLI::indented',
    '::warning title=CLI::x',
    '\u00a0::notice::after a no-break space',
    'text ##[warning]legacy',
    '::stop-commands::hostile',
    '::endgroup::',
    '::set-output name=result::hacked',
    'text #\u200b#[error]legacy split',
    '::ADD-MASK::upper case',
    'ok\u2028::error::after a line separator',
    '\u200b::add-mask::after a zero-width space',
    '::warning:\u200b:split by a zero-width space',
    'the last step',
  ];
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ speed: 20 });
  });
  afterAll(async () => emulator?.close());

  const runArgs = () => [
    'run',
    ...['--pipeline-id', BUILD_PIPELINE, '--poll-interval', '1s', '--step-logs', 'all'],
    ...['--env-vars', `EMULATOR_STEP_NAMES=${names.join(',')}`, '--env-vars', 'EMULATOR_STEP_MS=50'],
    ...['--env-vars', `EMULATOR_FAIL_STEP=${names.at(-1)!}`],
  ];
  const terminal = () =>
    captureIo({
      CI_RUN_BASE_URL: emulator.url,
      CI_RUN_TOKEN: TOKEN,
      ...(actions ? { GITHUB_ACTIONS: 'true' } : {}),
    });

  it('prints the live report, the log tails and the summary with no command taking effect', async () => {
    const io = terminal();
    expect(await runCli(runArgs(), io), io.err()).toBe(1);
    const runner = expectInert(io.out());
    expectInert(io.err());
    expect(io.out()).toMatch(/^✖ 15\/15 the last step/m);
    expect(io.out()).toMatch(/^✔ 2\/15 # #\[group\]fake/m);
    expect(io.out()).toMatch(/^error: ✖ Step 15\/15 the last step failed: ERROR: 3 tests failed$/m);
    const injected = INJECTED_LINES.flatMap((line) => splitLines(line)).map(defuseLogLine);
    if (actions) {
      // One fence per log tail, as the action prints it, holding the remote lines as they are.
      expect(runner.stops).toHaveLength(names.length);
      const body = fencedLines(runner).map((line) => line.replace(/^ {2}│ /, ''));
      for (const line of injected) expect(body).toContain(line);
    } else {
      expect(runner.stops).toEqual([]);
      for (const line of injected) expect(runner.lines).toContain(`  │ ${line}`);
    }
  }, 60_000);

  it('with --json: the report on stderr and the JSON on stdout, neither acting', async () => {
    const io = terminal();
    expect(await runCli([...runArgs(), '--json'], io), io.err()).toBe(1);
    expectInert(io.out());
    const report = expectInert(io.err());
    expect(report.stops).toHaveLength(actions ? names.length : 0);
    expect(JSON.parse(io.out())).toMatchObject({ outcome: 'failed', success: false });
  }, 60_000);
});
