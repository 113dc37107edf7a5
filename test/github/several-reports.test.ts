// GitHub reports with several targets, in-process: one commit status, check run and deployment per
// target, each named for it, finished with the target's own end; one target's failure is its own.
import { describe, expect, it } from 'vitest';
import { namedFor } from '../../src/action/github-names.ts';
import type { GitHubReporting } from '../../src/github/settings.ts';
import type { ConcurrentTime } from '../core/flow/concurrent-time.ts';
import { PIPELINES, runSeveral } from '../core/flow/several-kit.ts';
import { MemoryGitHub } from './memory-github.ts';
import { testGitHubSink } from './sink-kit.ts';

const REPORTING: GitHubReporting = {
  token: 't',
  owner: 'o',
  repo: 'r',
  sha: 'a'.repeat(40),
  commitStatus: 'ci/test',
  checkRun: 'CI {pipeline}',
  deploymentEnvironment: 'staging',
};

describe('GitHub reports of several targets', () => {
  it('are one each, named for the target, each finished with its own result', async () => {
    const gh = new MemoryGitHub();
    let clock: ConcurrentTime | undefined;
    const run = await runSeveral({
      arrange: ({ api, time }) => {
        clock = time;
        api.scriptFor = (id) =>
          id === PIPELINES[1]!.id
            ? { queueMs: 2000, stepMs: 5000, steps: ['checkout', 'build', 'test'], failAt: 1 }
            : undefined;
      },
      targetSinks: (target) => [
        testGitHubSink(
          namedFor(REPORTING, target.label),
          gh,
          { ...target, time: clock!, outputs: { set: () => undefined } },
          true,
        ),
      ],
    });
    expect(run.outcome.kind).toBe('failed');
    const last = (context: string) => gh.statuses.filter((status) => status.context === context).at(-1);
    expect(last('ci/test (build)')).toMatchObject({ state: 'success' });
    expect(last('ci/test (test)')).toMatchObject({ state: 'failure' });
    expect(last('ci/test (e2e)')).toMatchObject({ state: 'success' });
    expect(gh.checkRuns.map((check) => check.name).sort()).toEqual(['CI build', 'CI e2e', 'CI test']);
    expect(gh.deployments.map((deployment) => deployment.environment).sort()).toEqual([
      'staging (build)',
      'staging (e2e)',
      'staging (test)',
    ]);
    // Every report was finished: nothing is left for post in any target's entry.
    const targets = JSON.parse(run.state.get('targets')!) as Array<{ openReports?: unknown }>;
    expect(targets.every((target) => target.openReports === undefined)).toBe(true);
    expect(run.outputs.get('check-run-id')).toBeUndefined();
  });
});
