import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Problems, SettingsError } from '../../src/core/settings/problems.ts';
import { GITHUB_INPUT_DEFAULTS, readGitHubReporting, type RunnerContext } from '../../src/github/settings.ts';
import { writeEventPayload, type EventName } from '../../tools/fake-github/events.ts';

const HEAD = '1'.repeat(40);
const MERGE = '2'.repeat(40);
const pr = (eventName: string): RunnerContext => ({
  repository: 'octo/repo',
  eventName,
  sha: MERGE,
  event: { pull_request: { head: { sha: HEAD } } },
});

function read(inputs: Record<string, string>, runner: RunnerContext = pr('push')) {
  const problems = new Problems();
  const values: Record<string, string> = { ...GITHUB_INPUT_DEFAULTS, 'github-token': 'ghs_x', ...inputs };
  const reporting = readGitHubReporting((name) => values[name] ?? '', runner, problems);
  return { reporting, problems: problems.list };
}

describe('GitHub reporting inputs', () => {
  it('are off unless a report is asked for', () => {
    expect(read({})).toEqual({ reporting: undefined, problems: [] });
  });

  it('take the pull request head, not the merge commit, on pull_request and pull_request_target', () => {
    for (const event of ['pull_request', 'pull_request_target']) {
      expect(read({ 'commit-status': 'ci/test' }, pr(event)).reporting).toMatchObject({
        sha: HEAD,
        owner: 'octo',
        repo: 'repo',
        commitStatus: 'ci/test',
      });
    }
  });

  it('take GITHUB_SHA on other events, and github-sha over both', () => {
    expect(read({ 'check-run': 'CI' }, pr('push')).reporting?.sha).toBe(MERGE);
    expect(read({ 'check-run': 'CI' }, pr('workflow_dispatch')).reporting?.sha).toBe(MERGE);
    const given = 'ABCDEF'.padEnd(40, '0');
    expect(read({ 'check-run': 'CI', 'github-sha': given }, pr('pull_request')).reporting?.sha).toBe(
      given.toLowerCase(),
    );
  });

  it('name the input and say how to fix each mistake', () => {
    const { reporting, problems } = read({
      'commit-status': 'a\nb',
      'deployment-environment': 'x'.repeat(300),
      'github-sha': 'main',
      'github-token': '',
    });
    expect(reporting).toBeUndefined();
    expect(problems.map((problem) => problem.input).sort()).toEqual([
      'commit-status',
      'deployment-environment',
      'github-sha',
      'github-token',
    ]);
    for (const problem of problems) expect(problem.hint).not.toBe('');
  });

  it('need the repository the runner names', () => {
    const { problems } = read({ 'check-run': 'CI' }, { sha: MERGE });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('GITHUB_REPOSITORY');
  });

  it('refuse github-sha alone', () => {
    expect(read({ 'github-sha': HEAD }).problems[0]!.input).toBe('github-sha');
  });
});

describe('deployment-environment on pull_request_target from a fork', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** What the runner tells a step of this event, with a payload from @octokit/webhooks-examples. */
  function runnerOf(eventName: EventName, options: { fork?: string; headRepo?: null } = {}): RunnerContext {
    const file = writeEventPayload(eventName, {
      repository: 'octo/repo',
      ...(options.fork ? { fork: options.fork } : {}),
    });
    dirs.push(dirname(file.path));
    const event = JSON.parse(readFileSync(file.path, 'utf8')) as {
      pull_request: { head: { repo: unknown } };
    };
    if (options.headRepo === null) event.pull_request.head.repo = null;
    return { repository: file.repository, eventName, sha: file.env.GITHUB_SHA!, event };
  }
  const headOf = (runner: RunnerContext) =>
    (runner.event as { pull_request: { head: { sha: string } } }).pull_request.head.sha;

  it('needs github-sha: without it, one error naming both inputs and the fix', () => {
    const { reporting, problems } = read(
      { 'deployment-environment': 'staging', 'commit-status': 'ci/test' },
      runnerOf('pull_request_target', { fork: 'mallory/repo' }),
    );
    expect(reporting).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]!.inputs).toEqual(['deployment-environment', 'github-sha']);
    const message = new SettingsError(problems).message;
    expect(message).toMatch(
      /^Inputs `deployment-environment` and `github-sha`: on `pull_request_target` from a fork/,
    );
    expect(message).toContain("the fork's head commit");
    expect(message).toContain('Fix: Set `github-sha: ${{ github.event.pull_request.base.sha }}`');
  });

  it('counts a pull request whose head repository is gone (a deleted fork) as one', () => {
    const runner = runnerOf('pull_request_target', { headRepo: null });
    expect(read({ 'deployment-environment': 'staging' }, runner).problems[0]?.inputs).toEqual([
      'deployment-environment',
      'github-sha',
    ]);
  });

  it('takes the commit github-sha names', () => {
    const runner = runnerOf('pull_request_target', { fork: 'mallory/repo' });
    const base = (runner.event as { pull_request: { base: { sha: string } } }).pull_request.base.sha;
    const { reporting, problems } = read({ 'deployment-environment': 'staging', 'github-sha': base }, runner);
    expect(problems).toEqual([]);
    expect(reporting).toMatchObject({ sha: base, deploymentEnvironment: 'staging' });
  });

  it('leaves other reports, pull_request, and a pull request from the same repository as they were', () => {
    const fork = runnerOf('pull_request_target', { fork: 'mallory/repo' });
    expect(read({ 'commit-status': 'ci/test', 'check-run': 'CI' }, fork)).toMatchObject({
      reporting: { sha: headOf(fork) },
      problems: [],
    });
    const sameRepository = runnerOf('pull_request_target');
    expect(read({ 'deployment-environment': 'staging' }, sameRepository)).toMatchObject({
      reporting: { sha: headOf(sameRepository) },
      problems: [],
    });
    // A pull_request from a fork gets a read-only token: no deployment can be made there at all.
    const pullRequest = runnerOf('pull_request', { fork: 'mallory/repo' });
    expect(read({ 'deployment-environment': 'staging' }, pullRequest).problems).toEqual([]);
  });
});
