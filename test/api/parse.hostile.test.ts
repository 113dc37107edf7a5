// A server that sends what no server should: ids that would change a path or a line, statuses and
// results no one knows, URLs that are not http(s). Each is refused when required, dropped when
// optional, and no error message repeats it.
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../src/api/errors.ts';
import {
  parseApplication,
  parseBody,
  parseBuild,
  parseDeploy,
  parseListBody,
  parsePipeline,
  parseRun,
  parseStep,
  parseWorkflow,
  type Parser,
} from '../../src/api/parse.ts';
import { isFinished } from '../../src/api/types.ts';
import { sanitizeLine } from '../../src/text/safety.ts';
import {
  applicationWithSettings,
  chainedRun,
  deploys,
  goTriggerResponse,
  steps,
  triggeredBuild,
  workflow,
} from './fixtures.ts';

const HOSTILE_IDS: unknown[] = [
  '5f8e$(echo x)',
  'abc\n::warning::x',
  '..',
  '.',
  'a'.repeat(65),
  'abc def',
  ' abc',
  '',
  '../../admin',
  '%2e%2e',
  'abc/def',
  'abc?x=1',
  'ab\u202ecd',
  1.5,
  -1,
  1e21,
  true,
  null,
  {},
  ['abc'],
];

const HOSTILE_URLS: unknown[] = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'ftp://ci.example.test/x',
  'https://ci.example.test/a b',
  'https://ci.example.test/a\nb',
  'https://ci.example.test/a\n::error::x',
  ' https://ci.example.test/x',
  'https://ci.example.test/x\t',
  'https://ci.example.test/\u202eexe.txt',
  '/api/v3/runs/x',
  'runs/x',
  '//evil.example/x',
  '',
  `https://ci.example.test/${'a'.repeat(5000)}`,
  42,
  {},
];

function contractError(fn: () => unknown): ContractError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ContractError) return err;
    throw err;
  }
  throw new Error('expected a ContractError');
}

/** The error names endpoint and field, and repeats nothing of what the server sent. */
function expectRefused<T>(body: unknown, endpoint: string, parser: Parser<T>, field: string, value: unknown) {
  const err = contractError(() => parseBody(body, endpoint, parser));
  expect(err.endpoint).toBe(endpoint);
  expect(err.field).toBe(field);
  expect(err.message).toContain(endpoint);
  expect(err.message).toContain(`"${field}"`);
  if (typeof value === 'string' && value.length > 2) expect(err.message).not.toContain(value);
  expect(err.message).not.toMatch(/[\n\r\u202e]|\$\(|::/);
  return err;
}

describe('hostile ids', () => {
  it.each(HOSTILE_IDS.map((value) => [JSON.stringify(value), value]))(
    'refuses %s as a required id, naming field and endpoint',
    (_, value) => {
      expectRefused({ ...goTriggerResponse, id: value }, 'GET /runs/:runId', parseRun, 'id', value);
    },
  );

  it('says what is wrong with an id: its length or its characters', () => {
    const at = (id: unknown) =>
      contractError(() => parseBody({ ...goTriggerResponse, id }, 'GET /runs/:runId', parseRun)).message;
    expect(at('a'.repeat(65))).toMatch(/not a usable id \(it is 65 characters long, more than 64\)/);
    expect(at('..')).toMatch(/not a usable id \(it holds characters other than letters, digits/);
    expect(at('')).toMatch(/not a usable id \(it is empty\)/);
    expect(at(1.5)).toMatch(/is not a non-empty string \(got a number\)/);
  });

  it('takes a whole number as its digits, and 64 safe characters as they are', () => {
    expect(parseBody({ ...goTriggerResponse, id: 123 }, 'x', parseRun).id).toBe('123');
    const long = 'aZ0_-'.repeat(12) + 'abcd';
    expect(parseBody({ ...goTriggerResponse, id: long }, 'x', parseRun).id).toBe(long);
  });

  it('refuses every required id: steps, builds, deploys, workflows and their items, pipelines, applications', () => {
    const bad = '..';
    expectRefused(
      [steps[0], { ...steps[1], id: bad }],
      'GET /runs/:runId/steps',
      (value, at) => parseListBody(value, at.endpoint, parseStep),
      '[1].id',
      bad,
    );
    expectRefused({ ...triggeredBuild, id: bad }, 'POST /builds', parseBuild, 'id', bad);
    expectRefused(
      { ...triggeredBuild, application: { ...triggeredBuild.application, id: bad } },
      'POST /builds',
      parseBuild,
      'application.id',
      bad,
    );
    expectRefused({ ...deploys[0], id: bad }, 'GET /deploys', parseDeploy, 'id', bad);
    expectRefused({ ...workflow, id: bad }, 'GET /workflows/:workflowId', parseWorkflow, 'id', bad);
    expectRefused(
      { ...workflow, items: [{ ...workflow.items[0], id: bad }] },
      'GET /workflows/:workflowId',
      parseWorkflow,
      'items[0].id',
      bad,
    );
    expectRefused({ id: bad, name: 'build' }, 'GET /pipelines/:pipelineId', parsePipeline, 'id', bad);
    expectRefused(
      { ...goTriggerResponse, pipeline: { ...goTriggerResponse.pipeline, id: bad } },
      'GET /runs/:runId',
      parseRun,
      'pipeline.id',
      bad,
    );
    expectRefused({ ...applicationWithSettings, id: bad }, 'GET /applications', parseApplication, 'id', bad);
  });

  it.each(HOSTILE_IDS.filter((value) => value !== null).map((value) => [JSON.stringify(value), value]))(
    'drops %s where the id is optional',
    (_, value) => {
      const run = parseBody({ ...chainedRun, sourceRun: { id: value } }, 'x', parseRun);
      expect(run).not.toHaveProperty('sourceRunId');
      expect(parseBody({ ...goTriggerResponse, sourceRunId: value }, 'x', parseRun)).not.toHaveProperty(
        'sourceRunId',
      );
      const parsed = parseBody(
        {
          ...workflow,
          data: { ...workflow.data, sourceRunId: value },
          items: [
            {
              ...workflow.items[1],
              parentItem: value,
              data: { ...workflow.items[0]!.data, runId: value, pipelineId: value },
            },
          ],
        },
        'x',
        parseWorkflow,
      );
      expect(parsed.data).not.toHaveProperty('sourceRunId');
      expect(parsed.items[0]).not.toHaveProperty('runId');
      expect(parsed.items[0]).not.toHaveProperty('pipelineId');
      expect(parsed.items[0]).not.toHaveProperty('parentItem');
      const user = parseBody({ ...goTriggerResponse, user: { userId: value } }, 'x', parseRun).user;
      expect(user).not.toHaveProperty('userId');
    },
  );
});

describe('hostile statuses and results', () => {
  const statuses = ['finished\n::error::x', 'finished ', 'FINISHED', 'Finished', 'done', 'passed', 'éé'];

  it.each(statuses)('reads status %j as unknown, never as finished', (status) => {
    const run = parseBody({ ...goTriggerResponse, status, result: 'passed' }, 'x', parseRun);
    expect(run.status).toBe('unknown');
    expect(isFinished(run)).toBe(false);
    const [step] = parseListBody([{ ...steps[0], status }], 'x', parseStep);
    expect(step?.status).toBe('unknown');
    expect(parseBody({ ...triggeredBuild, status }, 'x', parseBuild).status).toBe('unknown');
    expect(parseBody({ ...deploys[0], status }, 'x', parseDeploy).status).toBe('unknown');
    const parsed = parseBody({ ...workflow, items: [{ ...workflow.items[0], status }] }, 'x', parseWorkflow);
    expect(parsed.items[0]?.status).toBe('unknown');
  });

  it('keeps every known status, `pendingapproval` and the documented `started` included', () => {
    for (const status of ['notstarted', 'started', 'running', 'finished', 'pendingapproval']) {
      expect(parseBody({ ...goTriggerResponse, status }, 'x', parseRun).status).toBe(status);
    }
  });

  it.each([3, null, true, {}, undefined])('refuses status %j: a status is a required string', (status) => {
    const err = contractError(() =>
      parseBody({ ...goTriggerResponse, status }, 'GET /runs/:runId', parseRun),
    );
    expect(err.field).toBe('status');
  });

  it.each(['PASSED', 'Passed', 'passed\n::error::x', 'passed ', 'success', ''])(
    'reads result %j as unknown and keeps the raw text aside',
    (result) => {
      const run = parseBody({ ...chainedRun, result }, 'x', parseRun);
      expect(run.result).toBe('unknown');
      expect(run.rawResult).toBe(result);
      const [step] = parseListBody([{ ...steps[0], result }], 'x', parseStep);
      expect(step).toMatchObject({ result: 'unknown', rawResult: result });
    },
  );

  it.each([1, 0, null, undefined, true, {}, ['passed']])(
    'reads result %j as unknown, with nothing kept',
    (result) => {
      const run = parseBody({ ...chainedRun, result }, 'x', parseRun);
      expect(run.result).toBe('unknown');
      expect(run).not.toHaveProperty('rawResult');
    },
  );

  it('keeps no more than 200 characters of an unknown result, and shows it only sanitised', () => {
    const run = parseBody({ ...chainedRun, result: `\x1b]0;x\x07${'p'.repeat(10_000)}` }, 'x', parseRun);
    expect(run.rawResult).toHaveLength(200);
    expect(sanitizeLine(run.rawResult!)).toBe(`${'p'.repeat(193)}…`);
  });

  it('keeps every known result without a raw copy', () => {
    for (const result of ['passed', 'failed', 'aborted', 'unknown']) {
      const run = parseBody({ ...chainedRun, result }, 'x', parseRun);
      expect(run.result).toBe(result);
      expect(run).not.toHaveProperty('rawResult');
    }
  });
});

describe('hostile URLs', () => {
  it.each(HOSTILE_URLS.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'refuses %s as a required url',
    (_, value) => {
      expectRefused({ ...goTriggerResponse, url: value }, 'GET /runs/:runId', parseRun, 'url', value);
      expectRefused({ ...triggeredBuild, url: value }, 'POST /builds', parseBuild, 'url', value);
      expectRefused({ ...workflow, url: value }, 'GET /workflows/:workflowId', parseWorkflow, 'url', value);
      expectRefused({ ...applicationWithSettings, url: value }, 'GET /app', parseApplication, 'url', value);
    },
  );

  it('says what is wrong with a url, without repeating it', () => {
    const at = (url: unknown) =>
      contractError(() => parseBody({ ...goTriggerResponse, url }, 'GET /runs/:runId', parseRun)).message;
    expect(at('javascript:alert(1)')).toMatch(/not a usable URL \(it is not http or https\)/);
    expect(at('https://x.test/a\nb')).toMatch(
      /not a usable URL \(it holds whitespace or control characters\)/,
    );
    expect(at('/api/v3/runs/x')).toMatch(/not a usable URL \(it is not an absolute URL\)/);
  });

  it.each(HOSTILE_URLS.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'drops %s where the url is optional',
    (_, value) => {
      const [step] = parseListBody(
        [{ ...steps[0], url: value, logUrl: value, artifactsUrl: value }],
        'x',
        parseStep,
      );
      expect(step).not.toHaveProperty('url');
      expect(step).not.toHaveProperty('logUrl');
      expect(step).not.toHaveProperty('artifactsUrl');
      expect(parseBody({ id: 'p', name: 'build', url: value }, 'x', parsePipeline)).not.toHaveProperty('url');
      const run = parseBody(
        { ...goTriggerResponse, pipeline: { ...goTriggerResponse.pipeline, url: value } },
        'x',
        parseRun,
      );
      expect(run.pipeline).not.toHaveProperty('url');
      const app = parseBody(
        { ...applicationWithSettings, builds: value, deploys: value },
        'x',
        parseApplication,
      );
      expect(app).not.toHaveProperty('builds');
      expect(app).not.toHaveProperty('deploys');
    },
  );

  it('keeps a usable URL as its normalised href', () => {
    const run = parseBody(
      { ...goTriggerResponse, url: 'HTTPS://CI.Example.TEST:443/api/v3/runs/../runs/r1' },
      'x',
      parseRun,
    );
    expect(run.url).toBe('https://ci.example.test/api/v3/runs/r1');
    const [step] = parseListBody([{ ...steps[0], logUrl: 'http://ci.example.test/log/ä' }], 'x', parseStep);
    expect(step?.logUrl).toBe('http://ci.example.test/log/%C3%A4');
  });
});

describe('hostile numbers', () => {
  it.each([
    [57.4, 57],
    [100, 100],
    [0, 0],
    [150, undefined],
    [-1, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    ['50', undefined],
  ])('reads progress %j as %j', (progress, expected) => {
    expect(parseBody({ ...chainedRun, progress }, 'x', parseRun).progress).toBe(expected);
  });

  it('takes the list position for a step order that is not a whole number', () => {
    const parsed = parseListBody(
      [
        { ...steps[0], order: -1 },
        { ...steps[1], order: 1.5 },
        { ...steps[1], order: 1e300 },
      ],
      'x',
      parseStep,
    );
    expect(parsed.map((step) => step.order)).toEqual([1, 2, 3]);
  });
});
