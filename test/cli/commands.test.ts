// Every subcommand against the emulator over real HTTP, run in-process through runCli with a captured
// terminal: what it prints, its JSON, and its exit code.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { runCli } from '../../src/cli/main.ts';
import { VERSION } from '../../src/cli/version.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { BUILD_PIPELINE, captureIo, TOKEN, WEBAPP_ID } from './helpers.ts';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ speed: 20 });
});
afterAll(async () => emulator?.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(20);
});

/** Runs a command with the connection in the environment, as a user with CI_RUN_* exported would. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const io = captureIo({ CI_RUN_BASE_URL: emulator.url, CI_RUN_TOKEN: TOKEN, ...env });
  const code = await runCli(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (text: string): any => JSON.parse(text);
const historyRun = () => emulator.control.runs().find((run) => run.pipelineId === BUILD_PIPELINE)!;

async function triggerRun(envVars: Array<{ key: string; value: string }> = []): Promise<string> {
  const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
  try {
    return (await client.triggerRun({ pipelineId: BUILD_PIPELINE, envVars })).id;
  } finally {
    await client.close();
  }
}

describe('runs list', () => {
  it('prints a table of the runs of a pipeline', async () => {
    const result = await cli(['runs', 'list', '--pipeline-id', BUILD_PIPELINE]);
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+PIPELINE\s+BRANCH\s+COMMIT\s+STATE\s+CREATED\s+DURATION$/);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows[0]).toContain(historyRun().id);
    expect(rows[0]).toMatch(/build\s+main\s+8d3f2a6\s+passed/);
  });

  it('passes the filters to the API and prints JSON with ISO dates', async () => {
    const result = await cli([
      'runs',
      'list',
      '--application-id',
      WEBAPP_ID,
      '--result',
      'failed',
      '--limit',
      '5',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const runs = json(result.stdout);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.every((run: { result: string }) => run.result === 'failed')).toBe(true);
    expect(runs[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(emulator.control.requests().at(-1)?.query).toMatchObject({
      applicationId: WEBAPP_ID,
      result: 'failed',
      limit: '5',
    });
  });

  it('says so when nothing matches', async () => {
    const result = await cli(['runs', 'list', '--pipeline-id', BUILD_PIPELINE, '--branch', 'nowhere']);
    expect(result).toMatchObject({ code: 0, stdout: 'No runs found.\n' });
  });

  it('refuses a missing filter or a limit out of range without sending anything (exit 2)', async () => {
    const missing = await cli(['runs', 'list']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('needs --application-id or --pipeline-id');
    expect(missing.stderr).toContain("Run 'ci-run runs list --help'");
    const range = await cli(['runs', 'list', '--pipeline-id', BUILD_PIPELINE, '--limit', '50']);
    expect(range.code).toBe(2);
    expect(range.stderr).toContain('limit must be an integer from 1 to 20');
    const notNumber = await cli(['runs', 'list', '--pipeline-id', BUILD_PIPELINE, '--limit', 'ten']);
    expect(notNumber.code).toBe(2);
    expect(emulator.control.requests()).toHaveLength(0);
  });
});

describe('run get', () => {
  it('prints the run, and its env var keys only', async () => {
    const id = await triggerRun([{ key: 'SECRET_NAME', value: 'hush-hush' }]);
    const result = await cli(['run', 'get', id]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Run:\\s+${id}$`, 'm'));
    expect(result.stdout).toMatch(/^Pipeline:\s+build \(620000000000000000000001\)$/m);
    expect(result.stdout).toMatch(/^Env vars:\s+SECRET_NAME /m);
    expect(result.stdout).not.toContain('hush-hush');
  });

  it('prints the parsed run as JSON', async () => {
    const id = historyRun().id;
    const result = await cli(['run', 'get', id, '--json']);
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toMatchObject({ id, status: 'finished', result: 'passed', branch: 'main' });
  });

  it('reports a run that does not exist with the server message and a hint (exit 1)', async () => {
    const result = await cli(['run', 'get', '5e00000000000000000000ff']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^ci-run: GET \/api\/v3\/runs\/5e00000000000000000000ff failed with HTTP 404/,
    );
    expect(result.stderr).toContain('Hint:');
  });
});

describe('steps', () => {
  it('lists the steps of a run', async () => {
    const result = await cli(['steps', historyRun().id]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^#\s+STEP\s+STATE\s+STARTED\s+DURATION$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/)[1])).toEqual([
      'get code',
      'setup environment',
      'npm ci',
      'npm test',
      'store',
    ]);
  });

  it('prints them as JSON', async () => {
    const result = await cli(['steps', historyRun().id, '--json']);
    const list = json(result.stdout);
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({ order: 1, name: 'get code', status: 'finished', result: 'passed' });
  });

  it('prints the log of one step, with the remote text unable to act as a command or an escape', async () => {
    const result = await cli(['steps', historyRun().id, '--log', '2']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--> Running step: setup environment');
    expect(result.stdout).not.toContain('\u001b');
  });

  it('refuses a step number the run does not have (exit 2)', async () => {
    const result = await cli(['steps', historyRun().id, '--log', '9']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the run has no step 9');
  });
});

describe('abort', () => {
  it('aborts a running run', async () => {
    const id = await triggerRun([{ key: 'EMULATOR_STEP_MS', value: '600000' }]);
    emulator.control.advance(5000);
    const result = await cli(['abort', id]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Run ${id} was aborted (result: aborted).\n`);
    expect(emulator.control.runs().find((run) => run.id === id)).toMatchObject({
      status: 'finished',
      result: 'aborted',
    });
  });

  it('has nothing to do for a finished run, and says so in JSON too', async () => {
    const result = await cli(['abort', historyRun().id, '--json']);
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toMatchObject({
      confirmed: true,
      alreadyFinished: true,
      run: { id: historyRun().id, result: 'passed' },
    });
    expect(emulator.control.requests().filter((entry) => entry.method === 'PUT')).toHaveLength(0);
  });

  it('needs the run id (exit 2)', async () => {
    const result = await cli(['abort']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`abort` needs <run-id>');
  });
});

describe('apps list / app get / app ignore-branches / pipelines list', () => {
  it('lists the applications of an owner', async () => {
    const result = await cli(['apps', 'list', 'acme']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID\s+NAME\s+STACK\s+PRIVACY\s+UPDATED$/m);
    expect(result.stdout).toMatch(new RegExp(`^${WEBAPP_ID}\\s+acme/webapp\\s+6\\s+public`, 'm'));
    expect(result.stdout).toMatch(/acme\/legacy\s+1\s+private/);
    const listed = json((await cli(['apps', 'list', 'acme', '--stack', '6', '--json'])).stdout);
    expect(listed.map((app: { name: string }) => app.name)).toEqual(['webapp']);
  });

  it('shows one application', async () => {
    const result = await cli(['app', 'get', 'acme/webapp']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Application:\s+acme\/webapp$/m);
    expect(result.stdout).toMatch(/^Stack:\s+6$/m);
    expect(json((await cli(['app', 'get', 'acme/webapp', '--json'])).stdout)).toMatchObject({
      id: WEBAPP_ID,
      name: 'webapp',
    });
  });

  it('refuses an application that is not owner/app (exit 2)', async () => {
    const result = await cli(['app', 'get', 'webapp']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected owner/application');
    expect(emulator.control.requests()).toHaveLength(0);
  });

  it('sets and clears the ignored branches', async () => {
    const set = await cli(['app', 'ignore-branches', 'acme/webapp', 'gh-pages', 'wip']);
    expect(set).toMatchObject({ code: 0, stdout: 'acme/webapp ignores: gh-pages, wip\n' });
    expect(emulator.control.requests().at(-1)).toMatchObject({
      method: 'PATCH',
      body: { ignoredBranches: ['gh-pages', 'wip'] },
    });
    const cleared = await cli(['app', 'ignore-branches', 'acme/webapp', '--clear', '--json']);
    expect(cleared.code).toBe(0);
    expect(json(cleared.stdout).ignoredBranches).toEqual([]);
  });

  it('needs branches or --clear, and at most 10 branches (exit 2)', async () => {
    expect((await cli(['app', 'ignore-branches', 'acme/webapp'])).code).toBe(2);
    const many = Array.from({ length: 11 }, (_, index) => `b${index}`);
    const tooMany = await cli(['app', 'ignore-branches', 'acme/webapp', ...many]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('at most 10');
    expect(emulator.control.requests()).toHaveLength(0);
  });

  it('is refused for a user who may not change the application (exit 1)', async () => {
    const result = await cli(['app', 'ignore-branches', 'acme/webapp', 'wip'], {
      CI_RUN_TOKEN: 'outsider-token',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTP 403');
  });

  it('lists the pipelines of an application', async () => {
    const result = await cli(['pipelines', 'list', 'acme/webapp']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${BUILD_PIPELINE}\\s+build\\s`, 'm'));
    const pipelines = json((await cli(['pipelines', 'list', 'acme/webapp', '--json'])).stdout);
    expect(pipelines.map((pipeline: { name: string }) => pipeline.name)).toEqual(['build', 'deploy', 'test']);
  });
});

describe('builds list / deploys list', () => {
  it('lists the builds of a classic application', async () => {
    const result = await cli(['builds', 'list', 'acme/legacy']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID\s+BRANCH\s+COMMIT\s+STATE\s+CREATED\s+DURATION\s+MESSAGE$/m);
    expect(result.stdout).toMatch(/master\s+failed\s.*Try the new cache/);
    const failed = json(
      (await cli(['builds', 'list', 'acme/legacy', '--result', 'failed', '--json'])).stdout,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ result: 'failed', message: 'Try the new cache' });
  });

  it('lists the deploys of a classic application', async () => {
    const result = await cli(['deploys', 'list', 'acme/legacy']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID\s+STATE\s+CREATED$/m);
    const deploys = json((await cli(['deploys', 'list', 'acme/legacy', '--json'])).stdout);
    expect(deploys.length).toBeGreaterThanOrEqual(1);
    expect(deploys[0]).toHaveProperty('status');
  });
});

describe('workflows list / workflows get', () => {
  it('lists the workflows of an application by id or by name', async () => {
    const byName = await cli(['workflows', 'list', '--application', 'acme/webapp']);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toMatch(/^ID\s+TRIGGER\s+BRANCH\s+COMMIT\s+CREATED\s+ITEMS$/m);
    expect(byName.stdout).toMatch(/build ✔ · deploy ✔/);
    const byId = json((await cli(['workflows', 'list', '--application-id', WEBAPP_ID, '--json'])).stdout);
    expect(byId.length).toBeGreaterThanOrEqual(2);
    expect(byId[0].items[0]).toHaveProperty('status');
  });

  it('needs exactly one way to name the application (exit 2)', async () => {
    expect((await cli(['workflows', 'list'])).code).toBe(2);
    expect(
      (await cli(['workflows', 'list', '--application-id', WEBAPP_ID, '--application', 'acme/webapp'])).code,
    ).toBe(2);
  });

  it('shows one workflow with its items', async () => {
    const [first] = json((await cli(['workflows', 'list', '--application-id', WEBAPP_ID, '--json'])).stdout);
    const result = await cli(['workflows', 'get', first.id]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Workflow:\\s+${first.id}$`, 'm'));
    expect(result.stdout).toMatch(/^ITEM\s+TYPE\s+STATE\s+RUN$/m);
    expect(json((await cli(['workflows', 'get', first.id, '--json'])).stdout)).toMatchObject({
      id: first.id,
    });
  });
});

describe('the command line itself', () => {
  it('has --help for every command, listing its flags', async () => {
    for (const spec of COMMANDS) {
      const result = await cli([...spec.words, '--help']);
      expect(result.code, spec.words.join(' ')).toBe(0);
      expect(result.stdout).toContain(`Usage: ci-run ${spec.words.join(' ')}`);
      for (const name of Object.keys(spec.options)) expect(result.stdout).toContain(`--${name}`);
      expect(result.stdout).toContain('--base-url');
    }
    const main = await cli(['--help']);
    expect(main.code).toBe(0);
    for (const spec of COMMANDS) expect(main.stdout).toContain(spec.words.join(' '));
    expect(emulator.control.requests()).toHaveLength(0);
  });

  it('prints its version', async () => {
    expect(await cli(['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it('points at --help for an unknown command, subcommand or flag (exit 2)', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Run 'ci-run --help'");
    const group = await cli(['runs', 'frob']);
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('ci-run runs list');
    const flag = await cli(['apps', 'list', 'acme', '--bogus']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--bogus'");
    expect(flag.stderr).toContain("Run 'ci-run apps list --help' for usage.");
    expect((await cli([])).code).toBe(2);
  });

  it('needs a base URL (exit 2) and reports a rejected token with a hint (exit 1)', async () => {
    const io = captureIo({});
    expect(await runCli(['apps', 'list', 'acme'], io)).toBe(2);
    expect(io.err()).toContain('--base-url is required (or set CI_RUN_BASE_URL)');
    const rejected = await cli(['apps', 'list', 'acme', '--token', 'wrong-token']);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain('HTTP 401');
    expect(rejected.stderr).toContain('--token-file or the CI_RUN_TOKEN');
  });

  it('reports a server that cannot be reached (exit 1)', async () => {
    const result = await cli(['run', 'get', 'x', '--base-url', 'http://127.0.0.1:1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('check --base-url');
  });
});
