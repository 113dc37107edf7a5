// A target's GitHub reports: each report's name as the target names it (among several, holding its label).
import { nameForTarget } from '../core/flow/target-label.ts';
import type { GitHubReporting } from '../github/settings.ts';

export function namedFor(
  github: GitHubReporting,
  target: string | ((name: string) => string),
): GitHubReporting {
  const name = typeof target === 'string' ? (each: string) => nameForTarget(each, target) : target;
  const { commitStatus, checkRun, deploymentEnvironment } = github;
  return {
    ...github,
    ...(commitStatus !== undefined ? { commitStatus: name(commitStatus) } : {}),
    ...(checkRun !== undefined ? { checkRun: name(checkRun) } : {}),
    ...(deploymentEnvironment !== undefined ? { deploymentEnvironment: name(deploymentEnvironment) } : {}),
  };
}
