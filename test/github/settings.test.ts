import { describe, expect, it } from 'vitest';
import { Problems } from '../../src/core/settings/problems.ts';
import { GITHUB_INPUT_DEFAULTS, readGitHubReporting, type RunnerContext } from '../../src/github/settings.ts';

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
