// Every input of the action, checked together before anything is sent: the CI service's settings and
// GitHub reporting's, so one error lists every mistake.
import { readSettings, SettingsError, type Settings } from '../core/settings.ts';
import { Problems } from '../core/settings/problems.ts';
import { readGitHubReporting, type GitHubInputName, type GitHubReporting } from '../github/settings.ts';
import { readRunnerContext } from './runner-context.ts';

export interface ActionSettings {
  settings: Settings;
  github: GitHubReporting | undefined;
}

export function readActionSettings(readInput: (name: string) => string): ActionSettings {
  const problems = new Problems();
  let settings: Settings | undefined;
  try {
    settings = readSettings(readInput);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    problems.list.push(...error.problems);
  }
  const value = (name: GitHubInputName) => readInput(name).trim();
  const github = readGitHubReporting(value, readRunnerContext(), problems);
  if (problems.list.length > 0 || !settings) throw new SettingsError(problems.list);
  return { settings, github };
}
