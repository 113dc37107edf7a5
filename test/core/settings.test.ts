import { GITHUB_INPUT_DEFAULTS } from '../../src/github/settings.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  INPUT_DEFAULTS,
  INPUT_NAMES,
  readSettings,
  SettingsError,
  workflowApplication,
  type Settings,
} from '../../src/core/settings.ts';
import { APPLICATION_ID, COMMIT, PIPELINE_ID, RUN_ID, validInputs } from '../support/bad-inputs.ts';
import { LEAK_TOKEN } from '../support/token-leaks.ts';

function read(overrides: Record<string, string> = {}): Settings {
  const inputs = validInputs(overrides);
  return readSettings((name) => inputs[name] ?? '');
}

/** Like a CLI that passes only the flags it was given: every other input reads as ''. */
function readOnly(inputs: Record<string, string>): Settings {
  return readSettings((name) => inputs[name] ?? '');
}

function problemsOf(overrides: Record<string, string>): SettingsError {
  try {
    read(overrides);
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('readSettings with valid inputs', () => {
  it('reads the action defaults with a pipeline id', () => {
    expect(read()).toEqual({
      baseUrl: 'http://127.0.0.1:1/api/v3',
      token: LEAK_TOKEN,
      logOrigins: [],
      target: { kind: 'pipeline-id', pipelineId: PIPELINE_ID },
      targets: [{ kind: 'pipeline-id', pipelineId: PIPELINE_ID }],
      envVars: [],
      wait: true,
      waitFor: 'run',
      retries: 0,
      failFast: false,
      onTimeout: 'abort',
      abortOnCancel: true,
      pollInterval: 'auto',
      propagateFailure: true,
      stepLogs: 'auto',
      summary: true,
      artifacts: {
        steps: 'none',
        path: 'ci-run-artifacts',
        maxBytes: 2_000_000_000,
        maxTotalBytes: 10_000_000_000,
        extract: true,
        ifNone: 'warn',
        testReports: [],
      },
    });
  });

  it('applies the same defaults when every optional input is empty', () => {
    const settings = readOnly({
      'base-url': 'https://ci.example.com',
      token: 't',
      'pipeline-id': PIPELINE_ID,
    });
    expect(settings).toEqual(read({ 'base-url': 'https://ci.example.com', token: 't' }));
  });

  it('leaves optional values out rather than setting them to undefined', () => {
    const settings = read();
    for (const key of ['application', 'branch', 'commit', 'message', 'sourceRunId', 'timeoutMs']) {
      expect(Object.hasOwn(settings, key)).toBe(false);
    }
  });

  it('trims values as getInput does, for callers that do not', () => {
    const settings = read({
      'base-url': '  https://ci.example.com \n',
      token: ' demo-token\n',
      'pipeline-id': ` ${PIPELINE_ID} `,
      branch: ' main ',
      wait: ' FALSE ',
      'wait-for': ' Workflow ',
      application: ' acme/shop ',
    });
    expect(settings.baseUrl).toBe('https://ci.example.com/api/v3');
    expect(settings.token).toBe('demo-token');
    expect(settings.target).toEqual({ kind: 'pipeline-id', pipelineId: PIPELINE_ID });
    expect(settings.branch).toBe('main');
    expect(settings.wait).toBe(false);
    expect(settings.waitFor).toBe('workflow');
  });

  it('reads retries from 0 to 5, for runs and builds', () => {
    expect(read({ retries: '' }).retries).toBe(0);
    expect(read({ retries: ' 5 ' }).retries).toBe(5);
    expect(read({ retries: '02' }).retries).toBe(2);
    expect(read({ 'pipeline-id': '', application: 'acme/shop', retries: '1' }).retries).toBe(1);
  });

  it.each([
    ['http://127.0.0.1:1', 'http://127.0.0.1:1/api/v3'],
    ['http://127.0.0.1:1/', 'http://127.0.0.1:1/api/v3'],
    ['https://ci.example.com', 'https://ci.example.com/api/v3'],
    ['https://ci.example.com///', 'https://ci.example.com/api/v3'],
    ['https://ci.example.com/api/v3', 'https://ci.example.com/api/v3'],
    ['https://ci.example.com/api/v3/', 'https://ci.example.com/api/v3'],
    ['https://ci.example.com/ci', 'https://ci.example.com/ci/api/v3'],
    ['https://ci.example.com/ci/api/v3//', 'https://ci.example.com/ci/api/v3'],
    ['https://ci.example.com/api', 'https://ci.example.com/api/api/v3'],
    ['HTTPS://CI.Example.COM:8443/Ci/', 'https://ci.example.com:8443/Ci/api/v3'],
    ['https://ci.example.com:443', 'https://ci.example.com/api/v3'],
    ['http://[::1]:8080', 'http://[::1]:8080/api/v3'],
  ])('normalises base-url %j to %j', (input, expected) => {
    expect(read({ 'base-url': input }).baseUrl).toBe(expected);
  });

  describe('targets', () => {
    it('pipeline-id', () => {
      expect(read().target).toEqual({ kind: 'pipeline-id', pipelineId: PIPELINE_ID });
    });

    it('pipeline by name', () => {
      const settings = read({ 'pipeline-id': '', pipeline: 'acme/shop/deploy production' });
      expect(settings.target).toEqual({
        kind: 'pipeline',
        owner: 'acme',
        application: 'shop',
        pipeline: 'deploy production',
      });
      expect(settings.application).toBeUndefined();
      expect(workflowApplication(settings)).toEqual({ owner: 'acme', name: 'shop' });
    });

    it('application-id', () => {
      expect(read({ 'pipeline-id': '', 'application-id': APPLICATION_ID }).target).toEqual({
        kind: 'application-id',
        applicationId: APPLICATION_ID,
      });
    });

    it('application alone', () => {
      const settings = read({ 'pipeline-id': '', application: 'acme/shop' });
      expect(settings.target).toEqual({ kind: 'application', owner: 'acme', application: 'shop' });
      expect(settings.application).toBeUndefined();
    });

    it('run-id, with an empty token', () => {
      const settings = read({ 'pipeline-id': '', 'run-id': RUN_ID, token: '' });
      expect(settings.target).toEqual({ kind: 'run-id', runId: RUN_ID });
      expect(settings.token).toBe('');
    });

    it('run-id keeps a token when one is given', () => {
      expect(read({ 'pipeline-id': '', 'run-id': RUN_ID }).token).toBe(LEAK_TOKEN);
    });

    it('does not require hex ids', () => {
      expect(read({ 'pipeline-id': 'my-pipeline_1' }).target).toEqual({
        kind: 'pipeline-id',
        pipelineId: 'my-pipeline_1',
      });
    });

    it('application with pipeline-id names the workflow application', () => {
      const settings = read({ application: 'acme/shop', 'wait-for': 'workflow' });
      expect(settings.target).toEqual({ kind: 'pipeline-id', pipelineId: PIPELINE_ID });
      expect(settings.application).toEqual({ owner: 'acme', name: 'shop' });
      expect(settings.waitFor).toBe('workflow');
      expect(workflowApplication(settings)).toEqual({ owner: 'acme', name: 'shop' });
    });

    it('application with run-id names the workflow application', () => {
      const settings = read({
        'pipeline-id': '',
        'run-id': RUN_ID,
        application: 'acme/shop',
        'wait-for': 'workflow',
      });
      expect(settings.target).toEqual({ kind: 'run-id', runId: RUN_ID });
      expect(settings.application).toEqual({ owner: 'acme', name: 'shop' });
    });

    it('application may repeat the pipeline’s application, in any case', () => {
      const settings = read({ 'pipeline-id': '', pipeline: 'Acme/Shop/build', application: 'acme/shop' });
      expect(settings.target).toMatchObject({ kind: 'pipeline', owner: 'Acme', application: 'Shop' });
      expect(settings.application).toEqual({ owner: 'acme', name: 'shop' });
    });

    it('wait-for workflow with a pipeline by name needs no application input', () => {
      expect(read({ 'pipeline-id': '', pipeline: 'acme/shop/build', 'wait-for': 'workflow' }).waitFor).toBe(
        'workflow',
      );
    });

    it('workflowApplication is undefined when nothing names one', () => {
      expect(workflowApplication(read())).toBeUndefined();
    });
  });

  it('reads branch, commit and message for a run', () => {
    const settings = read({
      branch: 'feature/x-1',
      commit: COMMIT.toUpperCase(),
      message: '  Deploy #42\nsecond  ',
    });
    expect(settings.branch).toBe('feature/x-1');
    expect(settings.commit).toBe(COMMIT);
    expect(settings.message).toBe('Deploy #42\nsecond');
  });

  it('reads branch, commit, message and env-vars for a build', () => {
    const settings = read({
      'pipeline-id': '',
      'application-id': APPLICATION_ID,
      branch: 'main',
      commit: COMMIT,
      message: 'm',
      'env-vars': 'A=1',
    });
    expect(settings).toMatchObject({
      branch: 'main',
      commit: COMMIT,
      message: 'm',
      envVars: [{ key: 'A', value: '1' }],
    });
  });

  it('reads source-run-id for runs', () => {
    expect(read({ 'source-run-id': RUN_ID }).sourceRunId).toBe(RUN_ID);
    expect(read({ 'pipeline-id': '', pipeline: 'a/b/c', 'source-run-id': RUN_ID }).sourceRunId).toBe(RUN_ID);
  });

  it('reads env-vars in order, untrimmed, with = in values and heredocs', () => {
    const envVars = [
      '# deploy settings',
      'B=2',
      'URL=https://x.test/?a=1&b=2',
      '',
      'NOTE<<EOF',
      'line one',
      '  line two',
      'EOF',
      'A= spaced ',
      'B=3',
    ].join('\r\n');
    expect(read({ 'env-vars': `\n${envVars}\n` }).envVars).toEqual([
      { key: 'B', value: '2' },
      { key: 'URL', value: 'https://x.test/?a=1&b=2' },
      { key: 'NOTE', value: 'line one\n  line two' },
      { key: 'A', value: ' spaced ' },
      { key: 'B', value: '3' },
    ]);
  });

  it('reads env-vars as JSON', () => {
    expect(read({ 'env-vars': ' [{"key":"Z","value":"1"},{"key":"A","value":true}] ' }).envVars).toEqual([
      { key: 'Z', value: '1' },
      { key: 'A', value: 'true' },
    ]);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['False', false],
    ['', true],
  ])('reads the boolean %j as %s for every boolean input', (text, expected) => {
    const settings = read({ wait: text, 'abort-on-cancel': text, 'propagate-failure': text, summary: text });
    expect([settings.wait, settings.abortOnCancel, settings.propagateFailure, settings.summary]).toEqual([
      expected,
      expected,
      expected,
      expected,
    ]);
  });

  it('reads the choices, empty meaning the default', () => {
    expect(read({ 'on-timeout': 'leave', 'step-logs': 'all' })).toMatchObject({
      onTimeout: 'leave',
      stepLogs: 'all',
    });
    expect(read({ 'on-timeout': '', 'step-logs': '', 'wait-for': '' })).toMatchObject({
      onTimeout: 'abort',
      stepLogs: 'auto',
      waitFor: 'run',
    });
    expect(read({ 'step-logs': 'NONE' }).stepLogs).toBe('none');
    expect(read({ 'step-logs': 'live' }).stepLogs).toBe('live');
    expect(read({ 'step-logs': 'Auto' }).stepLogs).toBe('auto');
  });

  it.each([
    ['', undefined],
    ['0', undefined],
    ['0s', undefined],
    ['90s', 90_000],
    ['20m', 1_200_000],
    ['2h', 7_200_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['45', 45_000],
  ])('reads timeout %j as %s ms', (text, expected) => {
    expect(read({ timeout: text }).timeoutMs).toBe(expected);
  });

  it.each([
    ['', 'auto'],
    ['auto', 'auto'],
    ['AUTO', 'auto'],
    ['1s', { fixedMs: 1000 }],
    ['1', { fixedMs: 1000 }],
    ['2.5', { fixedMs: 2500 }],
    ['30s', { fixedMs: 30_000 }],
    ['1m30s', { fixedMs: 90_000 }],
    ['1h', { fixedMs: 3_600_000 }],
  ])('reads poll-interval %j', (text, expected) => {
    expect(read({ 'poll-interval': text }).pollInterval).toEqual(expected);
  });

  it('accepts a getInput that returns undefined for unknown flags', () => {
    const flags: Record<string, string | undefined> = { 'base-url': 'http://h', 'run-id': RUN_ID };
    expect(readSettings((name) => flags[name] as string).target).toEqual({ kind: 'run-id', runId: RUN_ID });
  });
});

describe('readSettings with several mistakes', () => {
  it('reports every problem at once, in input order, each naming its input', () => {
    const error = problemsOf({ 'base-url': '', token: '', commit: 'abc', wait: 'maybe', timeout: 'soon' });
    expect(error.problems.map((p) => p.input)).toEqual([
      'base-url',
      'token',
      'commit',
      'commit',
      'wait',
      'timeout',
    ]);
    expect(error.message).toMatch(/^6 problems with the inputs:\n- Input `base-url`: /);
    for (const name of ['base-url', 'token', 'commit', 'branch', 'wait', 'timeout']) {
      expect(error.message).toContain(`\`${name}\``);
    }
    expect(error.message.split('\n')).toHaveLength(7);
  });

  it('writes one problem as one line with its fix', () => {
    const error = problemsOf({ wait: 'yes' });
    expect(error.message).toBe(
      'Input `wait`: "yes" is not a boolean; allowed values are `true` and `false`. ' +
        'Fix: Write `wait: true` or `wait: false`, or leave it out for the default (`true`).',
    );
    expect(error.problems).toEqual([
      {
        input: 'wait',
        message: '"yes" is not a boolean; allowed values are `true` and `false`.',
        hint: 'Write `wait: true` or `wait: false`, or leave it out for the default (`true`).',
      },
    ]);
  });

  it('names every input of a combination', () => {
    const error = problemsOf({ 'application-id': APPLICATION_ID, 'run-id': RUN_ID });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]?.inputs).toEqual(['pipeline-id', 'application-id', 'run-id']);
    expect(error.message).toMatch(
      /^Inputs `pipeline-id`, `application-id` and `run-id`: all of them select a target/,
    );
  });

  it('lists the four ways to choose a target when none is given', () => {
    const { message } = problemsOf({ 'pipeline-id': '' });
    for (const way of [
      '`pipeline-id: <id>`',
      '`pipeline: owner/application/pipeline`',
      '`application-id: <id>`',
      '`application: owner/application`',
      '`run-id: <id>`',
    ]) {
      expect(message).toContain(way);
    }
  });

  it('explains forks and how to pass the token when it is missing', () => {
    const { message } = problemsOf({ token: '' });
    expect(message).toContain('pull request from a fork');
    expect(message).toContain('token: ${{ secrets.CI_TOKEN }}');
  });

  it('never repeats the token or the base URL’s credentials', () => {
    for (const token of ['Bearer s3cr3t-t0ken', 's3cr3t t0ken', 's3cr3t-t0ken\n', 's3cr3t-t0kén']) {
      const error = problemsOf({ token: `${token}x` });
      expect(error.message).not.toContain('s3cr3t');
    }
    expect(problemsOf({ 'base-url': 'https://me:s3cr3t@ci.example.com' }).message).not.toContain('s3cr3t');
  });

  it('never repeats env-vars values', () => {
    const { message } = problemsOf({ 'env-vars': 'A=s3cr3t\nTOKEN s3cr3t' });
    expect(message).toContain('line 2');
    expect(message).not.toContain('s3cr3t');
  });

  it('says where ids come from', () => {
    expect(problemsOf({ 'pipeline-id': 'a b' }).message).toContain('/pipelines');
    expect(problemsOf({ 'pipeline-id': '', 'run-id': 'a b' }).message).toContain('outputs.run-id');
  });

  it('cuts long values in messages', () => {
    const { message } = problemsOf({ 'step-logs': 'x'.repeat(500) });
    expect(message).toContain(`"${'x'.repeat(60)}…"`);
    expect(message).not.toContain('x'.repeat(61));
  });
});

describe('INPUT_DEFAULTS', () => {
  it('matches the inputs and defaults of action.yml', () => {
    const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
      inputs: Record<string, { default?: unknown }>;
    };
    const declared = Object.fromEntries(
      Object.entries(action.inputs).map(([name, input]) => [name, String(input.default ?? '')]),
    );
    // The CI service's inputs first, then GitHub reporting's (read by the action only, not the CLI).
    expect({ ...INPUT_DEFAULTS, ...GITHUB_INPUT_DEFAULTS }).toEqual(declared);
    expect([...INPUT_NAMES, ...Object.keys(GITHUB_INPUT_DEFAULTS)]).toEqual(Object.keys(action.inputs));
  });

  it('is the set of inputs the bad-input table uses', () => {
    expect(Object.keys(validInputs()).sort()).toEqual([...INPUT_NAMES].sort());
  });
});

describe('log-origins', () => {
  it('reads origins one a line or comma-separated, normalised and without repeats', () => {
    const settings = read({
      'base-url': 'https://ci.example.com',
      'log-origins':
        'https://logs.example.com\nhttps://LOGS.example.com:443/, https://store.example.com:8443',
    });
    expect(settings.logOrigins).toEqual(['https://logs.example.com', 'https://store.example.com:8443']);
  });

  it('takes http origins only when the API itself is http', () => {
    expect(read({ 'log-origins': 'http://127.0.0.2:9000' }).logOrigins).toEqual(['http://127.0.0.2:9000']);
  });

  it('refuses an http origin when the API is https, naming the input', () => {
    const { message } = problemsOf({
      'base-url': 'https://ci.example.com',
      'log-origins': 'http://logs.example.com',
    });
    expect(message).toContain('`log-origins`');
    expect(message).toContain('plain http');
  });
});

describe('several targets', () => {
  it('reads one pipeline a line, ids first, mixed with names, blank lines skipped', () => {
    const settings = read({
      'pipeline-id': `${PIPELINE_ID}\n\n  ${APPLICATION_ID}  \n`,
      pipeline: 'acme/web/build\r\nacme/web/test',
      'fail-fast': 'true',
    });
    expect(settings.targets).toEqual([
      { kind: 'pipeline-id', pipelineId: PIPELINE_ID },
      { kind: 'pipeline-id', pipelineId: APPLICATION_ID },
      { kind: 'pipeline', owner: 'acme', application: 'web', pipeline: 'build' },
      { kind: 'pipeline', owner: 'acme', application: 'web', pipeline: 'test' },
    ]);
    expect(settings.target).toEqual(settings.targets[0]);
    expect(settings.failFast).toBe(true);
  });

  it('reads several run ids, and takes exactly 50 targets', () => {
    const ids = Array.from({ length: 50 }, (_, index) => `r${String(index).padStart(23, '0')}`);
    expect(read({ 'pipeline-id': '', 'run-id': ids.join('\n') }).targets).toHaveLength(50);
    expect(read({ 'pipeline-id': ids.join('\n') }).targets).toHaveLength(50);
  });

  it('keeps one target exactly as before', () => {
    expect(read({ 'pipeline-id': `\n${PIPELINE_ID}\n` })).toEqual(read());
  });

  it('names the bad line among several', () => {
    const error = problemsOf({ 'pipeline-id': `${PIPELINE_ID}\nhttps://ci.example.com/x` });
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain('is a URL, not an id');
  });
});
