// The check run's last update in detail: annotation batches, a summary fitted to GitHub's limit, and
// batches whose answer was lost, against the fake GitHub.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Step } from '../../src/api/types.ts';
import type { Conclusion, TriggerInfo } from '../../src/core/flow/events.ts';
import { renderSummary } from '../../src/core/report/summary-html.ts';
import { readSettings, INPUT_DEFAULTS } from '../../src/core/settings.ts';
import { targetSummaryDoc } from '../../src/core/report/target-summary.ts';
import { webLinks } from '../../src/core/web-url.ts';
import { annotationPlace } from '../../src/core/report-paths.ts';
import { stepReports, type TestCase } from '../../src/core/test-results.ts';
import { notHeld } from '../../src/github/check-annotations.ts';
import { createOctokitApi } from '../../src/github/octokit-api.ts';
import type { CheckAnnotation, GitHubApi } from '../../src/github/port.ts';
import { createGitHubSink } from '../../src/github/reporting.ts';
import { startFakeGitHub } from '../../tools/fake-github/index.ts';
import type { OperationCall } from '../../tools/fake-github/types.ts';
import { VirtualTime } from '../core/flow/virtual-time.ts';
import { MemoryGitHub } from './memory-github.ts';

const settings = readSettings(
  (name) =>
    ({ ...INPUT_DEFAULTS, 'base-url': 'https://ci.test', token: 'tok-0123456789', pipeline: 'acme/app/e2e' })[
      name as keyof typeof INPUT_DEFAULTS
    ] ?? '',
);

function failedSteps(count: number, name = (i: number) => `step ${i}`): Step[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `s${i}`,
    order: i + 1,
    name: name(i),
    status: 'finished',
    result: 'failed',
  }));
}

async function conclude(
  steps: Step[],
  api: GitHubApi,
  more: Partial<Parameters<typeof createGitHubSink>[1]> = {},
) {
  const time = new VirtualTime();
  const state = new Map<string, string>();
  const lines: string[] = [];
  const never = new AbortController().signal;
  const outputs = new Map<string, string>();
  const reporting = { token: 't', owner: 'acme', repo: 'webapp', sha: 'c'.repeat(40), checkRun: 'CI e2e' };
  const sink = createGitHubSink(reporting, {
    api,
    outputs: { set: (name, value) => void outputs.set(name, value) },
    openReports: { keep: (open) => void state.set('openReports', JSON.stringify(open ?? '')) },
    log: {
      info: (line) => void lines.push(line),
      warning: (line) => void lines.push(`warning: ${line}`),
      error: () => undefined,
      debug: () => undefined,
      remote: () => undefined,
      startGroup: () => undefined,
      endGroup: () => undefined,
    },
    clock: time.clock,
    sleep: time.sleep,
    cancel: { signal: never, hurry: never },
    wait: true,
    userAgent: 'test',
    annotationPath: '.github/workflows/e2e.yml',
    summary: (conclusion, info, maxBytes) =>
      renderSummary(targetSummaryDoc(settings, info, conclusion), { maxBytes }),
    ...more,
  });
  const ref = { kind: 'run' as const, id: 'r1', url: 'https://ci.test/api/v3/runs/r1' };
  const resource = { id: 'r1', url: ref.url, status: 'finished', result: 'failed' } as const;
  const info: TriggerInfo = {
    ref,
    resource,
    attached: false,
    web: webLinks(settings, ref, resource),
    attempt: 1,
    maxAttempts: 1,
  };
  sink.triggered!(info);
  const conclusion: Conclusion = {
    outcome: { kind: 'failed', success: false, message: 'failed' },
    final: { ref, resource, steps, web: info.web },
    settled: true,
  };
  await sink.concluded!(conclusion);
  return { lines, state, id: Number(outputs.get('check-run-id')) };
}

describe('the check run of a failed run', () => {
  it('sends annotations 50 a request, every failed step once', async () => {
    const gh = new MemoryGitHub();
    await conclude(failedSteps(120), gh);
    const check = gh.checkRuns[0]!;
    const batches = check.updates.map((update) => update.output?.annotations?.length ?? 0);
    expect(batches).toEqual([50, 50, 20]);
    expect(check.annotations).toHaveLength(120);
    const first = check.updates[0]!.output!.annotations![0]!;
    expect(first.path).toBe('.github/workflows/e2e.yml');
    expect(first.message).toContain('https://ci.test/acme/app/runs/e2e/r1?step=s0');
    expect(check.updates.every((update) => update.output?.title)).toBe(true);
  });

  it('names the failed tests in its title and annotates each at its file and line, after the steps, in one update', async () => {
    const gh = new MemoryGitHub();
    const failing = (index: number): TestCase => ({
      suite: 'app',
      name: `case ${index}`,
      file: `/builds/acme/webapp/test/app-${index}.test.js`,
      line: index + 1,
      status: 'failed',
      flaky: false,
      message: `expected ${index}`,
      text: `AssertionError: expected ${index}`,
    });
    const cases = [
      ...Array.from({ length: 60 }, (_, index) => failing(index)),
      { suite: 'app', name: 'passes', status: 'passed' as const, flaky: false },
    ];
    const tests = {
      steps: [stepReports('', 'npm test', [{ file: 'junit.xml', suites: 1, cases }])],
    };
    await conclude(failedSteps(2), gh, {
      tests: () => tests,
      placeTest: (test) => annotationPlace(test, { root: '/builds/acme/webapp' }),
    });
    const check = gh.checkRuns[0]!;
    expect(check.updates[0]!.output!.title).toMatch(/ · 61 tests, 60 failed$/);
    const batches = check.updates.map((update) => update.output?.annotations?.length ?? 0);
    expect(batches).toEqual([2, 50]);
    const first = check.updates[1]!.output!.annotations![0]!;
    expect(first).toMatchObject({
      path: 'test/app-0.test.js',
      start_line: 1,
      annotation_level: 'failure',
      title: 'app › case 0',
    });
    expect(check.annotations.every((annotation) => !annotation.path.startsWith('/'))).toBe(true);
  });

  it('fits a summary bigger than 65,535 characters, and says so', async () => {
    const gh = new MemoryGitHub();
    await conclude(
      failedSteps(900, (i) => `${'long step name '.repeat(18)}${i}`),
      gh,
    );
    const summary = gh.checkRuns[0]!.updates[0]!.output!.summary;
    expect(summary.length).toBeLessThanOrEqual(65_535);
    expect(summary).toMatch(/not shown/);
  });
});

const fake = await startFakeGitHub();
afterAll(() => fake.close());
beforeEach(() => fake.clearFaults());

describe('an annotation batch whose answer was lost', () => {
  const api = createOctokitApi({
    token: 'ghs_checkRunToken',
    owner: 'acme',
    repo: 'webapp',
    sha: 'c'.repeat(40),
    userAgent: 'test',
    baseUrl: fake.apiUrl,
  });
  const completing = (call: OperationCall) => 'conclusion' in call.body;
  const later = (call: OperationCall) => !completing(call);
  /** The annotation counts of the check run's updates, in order, and its look-ups of them. */
  const requestsOf = (id: number) => {
    const ours = fake.requests.filter((request) => request.path.includes(`/check-runs/${id}`));
    return ours.map((request) =>
      request.method === 'GET'
        ? 'list'
        : ((request.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0),
    );
  };
  const titles = (id: number) => fake.annotations(id).map((annotation) => annotation.title);

  it.each([
    ['the first (with the conclusion)', completing, [50, 'list', 0, 10]],
    ['the second', later, [50, 10, 'list']],
  ])('%s: sent again only for what GitHub lacks, so it holds each of 60 once', async (_, when, sent) => {
    fake.fail('updateCheckRun', 'lost', 1, { when });
    const { id, lines } = await conclude(failedSteps(60), api);
    expect(titles(id)).toHaveLength(60);
    expect(new Set(titles(id)).size).toBe(60);
    expect(requestsOf(id)).toEqual(sent);
    expect(fake.checkRuns().find((run) => run.id === id)).toMatchObject({ conclusion: 'failure' });
    expect(lines.filter((line) => line.startsWith('warning: '))).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('a look-up that fails for a while is tried again with the update', async () => {
    fake.fail('updateCheckRun', 'lost', 1, { when: later });
    fake.fail('listCheckRunAnnotations', 'server-error', 2);
    const { id, lines } = await conclude(failedSteps(60), api);
    expect(new Set(titles(id)).size).toBe(60);
    expect(titles(id)).toHaveLength(60);
    expect(requestsOf(id)).toEqual([50, 10, 'list', 'list', 'list']);
    expect(lines.filter((line) => line.startsWith('warning: '))).toEqual([]);
  });

  it('a look-up GitHub refuses leaves the batch out with a warning, and still concludes', async () => {
    fake.fail('updateCheckRun', 'lost', 1, { when: completing });
    fake.fail('listCheckRunAnnotations', 'forbidden', 'always');
    const { id, lines } = await conclude(failedSteps(60), api);
    // The lost update had taken effect: nothing is missing here, and nothing is there twice.
    expect(titles(id)).toHaveLength(60);
    expect(new Set(titles(id)).size).toBe(60);
    expect(requestsOf(id)).toEqual([50, 'list', 0, 10]);
    expect(fake.checkRuns().find((run) => run.id === id)).toMatchObject({ conclusion: 'failure' });
    const warnings = lines.filter((line) => line.startsWith('warning: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /did not list the check run's annotations \(HTTP 403.*50 of them.*not sent again/,
    );
  });
});

describe('the annotations GitHub does not hold', () => {
  const annotation = (message: string): CheckAnnotation => ({
    path: '.github/workflows/ci.yml',
    start_line: 1,
    end_line: 1,
    annotation_level: 'failure',
    title: 'step',
    message,
  });
  const [a, b, c] = [annotation('a'), annotation('b'), annotation('c')];

  it('match by every field sent, each held copy once, the earlier batches taking theirs first', () => {
    expect(notHeld([a], [b, c], [a, b])).toEqual([c]);
    expect(notHeld([a], [a, b], [a, b])).toEqual([a]);
    expect(notHeld([a], [a, b], [a, a, b])).toEqual([]);
    expect(notHeld([], [a, b], [{ ...a, title: null }])).toEqual([a, b]);
    expect(notHeld([a], [b], [])).toEqual([b]);
  });
});
