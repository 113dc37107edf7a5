// What the runner tells every step through its environment, read for GitHub reporting.
import { readFileSync } from 'node:fs';
import type { RunnerContext } from '../github/settings.ts';

export function readRunnerContext(env: NodeJS.ProcessEnv = process.env): RunnerContext {
  return {
    ...(env.GITHUB_REPOSITORY ? { repository: env.GITHUB_REPOSITORY } : {}),
    ...(env.GITHUB_EVENT_NAME ? { eventName: env.GITHUB_EVENT_NAME } : {}),
    ...(env.GITHUB_SHA ? { sha: env.GITHUB_SHA } : {}),
    ...(env.GITHUB_EVENT_PATH ? { event: readEvent(env.GITHUB_EVENT_PATH) } : {}),
  };
}

/** `owner/repo/.github/workflows/ci.yml@refs/heads/main` → `.github/workflows/ci.yml`. */
export function workflowPath(env: NodeJS.ProcessEnv = process.env): string {
  const match = /^[^/]+\/[^/]+\/(\.github\/workflows\/[\w./-]+\.ya?ml)@/.exec(env.GITHUB_WORKFLOW_REF ?? '');
  return match?.[1] && !match[1].includes('..') ? match[1] : '.github';
}

function readEvent(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
