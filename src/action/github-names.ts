// One target's GitHub reports among several: each report's name holds the target's label.
import { nameForTarget } from '../core/flow/target-label.ts';
import type { GitHubReporting } from '../github/settings.ts';

export function namedFor(github: GitHubReporting, label: string): GitHubReporting {
  const { commitStatus, checkRun, deploymentEnvironment } = github;
  return {
    ...github,
    ...(commitStatus !== undefined ? { commitStatus: nameForTarget(commitStatus, label) } : {}),
    ...(checkRun !== undefined ? { checkRun: nameForTarget(checkRun, label) } : {}),
    ...(deploymentEnvironment !== undefined
      ? { deploymentEnvironment: nameForTarget(deploymentEnvironment, label) }
      : {}),
  };
}
