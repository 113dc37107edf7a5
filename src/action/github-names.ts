// A target's GitHub reports: each report's name as the target names it (among several, holding its label).
import { nameForTarget } from '../core/flow/target-label.ts';
import { REPORT_FIELDS, type GitHubReporting } from '../github/settings.ts';

export function namedFor(
  github: GitHubReporting,
  target: string | ((name: string) => string),
): GitHubReporting {
  const name = typeof target === 'string' ? (each: string) => nameForTarget(each, target) : target;
  const named = { ...github };
  for (const field of REPORT_FIELDS) {
    const given = github[field];
    if (given !== undefined) named[field] = name(given);
  }
  return named;
}
