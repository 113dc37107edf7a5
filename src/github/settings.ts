// The inputs of GitHub reporting, checked with the others before anything is sent. Reporting is on when
// any of `commit-status`, `check-run` or `deployment-environment` is set; then the repository and the
// commit come from the runner's environment, and `github-sha` overrides the commit.
import { quote, type Problems } from '../core/settings/problems.ts';

/** As action.yml declares them; `github-token`'s default is an expression the runner fills in. */
export const GITHUB_INPUT_DEFAULTS = {
  'github-token': '${{ github.token }}',
  'commit-status': '',
  'check-run': '',
  'deployment-environment': '',
  'github-sha': '',
} as const;

export type GitHubInputName = keyof typeof GITHUB_INPUT_DEFAULTS;

interface ReportInputFacts {
  /** The field of `GitHubReporting` that holds the report's name. */
  field: string;
  /** How warnings name the report. */
  kind: string;
  /** The permission the token needs to write it (`<scope>: write`). */
  scope: string;
  /** The longest name GitHub shows whole: it stores longer ones but shows them cut, almost surely a mistake. */
  limit: number;
  example: string;
}

/** Each report, by the input that asks for it. */
const REPORT_INPUTS = {
  'commit-status': {
    field: 'commitStatus',
    kind: 'commit status',
    scope: 'statuses',
    limit: 100,
    example: 'ci-service/test',
  },
  'check-run': {
    field: 'checkRun',
    kind: 'check run',
    scope: 'checks',
    limit: 100,
    example: 'ci-service/test',
  },
  'deployment-environment': {
    field: 'deploymentEnvironment',
    kind: 'deployment',
    scope: 'deployments',
    limit: 255,
    example: 'staging',
  },
} as const satisfies Partial<Record<GitHubInputName, ReportInputFacts>>;

type ReportInput = keyof typeof REPORT_INPUTS;
/** The field of `GitHubReporting` that names one report. */
export type ReportField = (typeof REPORT_INPUTS)[ReportInput]['field'];
/** A report as warnings name it: `check run`. */
export type ReportKind = (typeof REPORT_INPUTS)[ReportInput]['kind'];

const REPORTS = Object.keys(REPORT_INPUTS) as ReportInput[];
/** Every report's field, in input order. */
export const REPORT_FIELDS: readonly ReportField[] = REPORTS.map((input) => REPORT_INPUTS[input].field);

/** The reports asked for, each by its name (a field per report: `commitStatus`, `checkRun`, …). */
export interface GitHubReporting extends Partial<Record<ReportField, string>> {
  token: string;
  owner: string;
  repo: string;
  /** Lower-case hex. */
  sha: string;
}

/** What the runner tells every step; `event` is the parsed GITHUB_EVENT_PATH file, when readable. */
export interface RunnerContext {
  repository?: string;
  eventName?: string;
  event?: unknown;
  sha?: string;
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const REPOSITORY = /^([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})$/;

/** The input that asks for a report, and the permission the token needs to write it. */
export function permissionOf(kind: ReportKind): { input: ReportInput; scope: string } {
  const input = REPORTS.find((each) => REPORT_INPUTS[each].kind === kind)!;
  return { input, scope: REPORT_INPUTS[input].scope };
}

/** Undefined when no report is asked for; problems go into `problems`, named by input. */
export function readGitHubReporting(
  value: (name: GitHubInputName) => string,
  runner: RunnerContext,
  problems: Problems,
): GitHubReporting | undefined {
  const asked = REPORTS.filter((name) => value(name) !== '');
  const known = problems.list.length;
  if (asked.length === 0) {
    if (value('github-sha') !== '') {
      problems.add(
        'github-sha',
        'names the commit that gets the GitHub reports, but none is asked for.',
        `Set ${oneOf(REPORTS)}, or remove \`github-sha\`.`,
      );
    }
    return undefined;
  }
  const names = Object.fromEntries(asked.map((name) => [name, readName(name, value(name), problems)]));
  const token = value('github-token');
  if (token === '') {
    problems.add(
      'github-token',
      `is empty, but ${asked.map((name) => `\`${name}\``).join(', ')} needs a token for the GitHub API.`,
      'Remove `github-token` to use the default `${{ github.token }}`, or pass a token from a secret.',
    );
  }
  const repository = REPOSITORY.exec(runner.repository ?? '');
  if (!repository) {
    problems.add(
      asked[0]!,
      'needs the repository from GITHUB_REPOSITORY (`owner/repo`), which is not set: GitHub reports are ' +
        'made on GitHub Actions only.',
      `Remove \`${asked[0]}\` where the action does not run on GitHub Actions.`,
    );
  }
  const sha = readSha(value('github-sha'), runner, problems);
  if (names['deployment-environment'] && value('github-sha') === '') refuseForkHead(runner, problems);
  if (problems.list.length > known || !repository || !sha) return undefined;
  const reporting: GitHubReporting = { token, owner: repository[1]!, repo: repository[2]!, sha };
  for (const input of asked) {
    const name = names[input];
    if (name) reporting[REPORT_INPUTS[input].field] = name;
  }
  return reporting;
}

/** `\`a\``, `\`a\` or \`b\``, `\`a\`, \`b\` or \`c\``. */
function oneOf(inputs: readonly string[]): string {
  const quoted = inputs.map((input) => `\`${input}\``);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

function readName(input: ReportInput, text: string, problems: Problems): string | undefined {
  const { limit, example } = REPORT_INPUTS[input];
  if (text.length > limit || /[\p{Cc}\p{Cf}]/u.test(text)) {
    problems.add(
      input,
      `must be one line of printable text of at most ${limit} characters, not ${quote(text)}.`,
      `Use a short name, for example \`${example}\`.`,
    );
    return undefined;
  }
  return text;
}

/** On a pull request GITHUB_SHA is a merge commit the PR page does not show: the head commit is. */
function readSha(given: string, runner: RunnerContext, problems: Problems): string | undefined {
  if (given !== '') {
    if (SHA.test(given)) return given.toLowerCase();
    problems.add(
      'github-sha',
      `must be a full commit hash (40 hex digits), not ${quote(given)}.`,
      'Pass a full hash, for example `${{ github.event.pull_request.head.sha }}`, or remove it for the default.',
    );
    return undefined;
  }
  const head = PULL_REQUEST_EVENTS.has(runner.eventName ?? '') ? pullRequestHead(runner.event) : undefined;
  const sha = head ?? runner.sha ?? '';
  if (SHA.test(sha)) return sha.toLowerCase();
  problems.add(
    'github-sha',
    'is not set, and the commit could not be read from the event payload or GITHUB_SHA.',
    'Set `github-sha` to the commit that should get the reports.',
  );
  return undefined;
}

/**
 * On `pull_request_target` the workflow runs with the base repository's token and secrets, and the
 * default commit is the pull request's head. From a fork that is code nobody has reviewed: a deployment
 * of it, made with a token that can start workflows (a PAT as `github-token`), would run the base
 * repository's `on: deployment` workflows for it. So the commit must be named on purpose.
 */
function refuseForkHead(runner: RunnerContext, problems: Problems): void {
  if (runner.eventName !== 'pull_request_target' || !pullRequestHead(runner.event)) return;
  if (!fromFork(runner.event)) return;
  problems.addCombination(
    ['deployment-environment', 'github-sha'],
    'on `pull_request_target` from a fork, a deployment needs the commit named in `github-sha`: the default ' +
      "would be the fork's head commit, code the base repository has not reviewed, and a deployment of it " +
      "can start the repository's `on: deployment` workflows.",
    'Set `github-sha: ${{ github.event.pull_request.base.sha }}` to deploy the base commit, or ' +
      '`${{ github.event.pull_request.head.sha }}` only once the change has been reviewed; or remove ' +
      '`deployment-environment` from this workflow.',
  );
}

/** Whether the pull request comes from another repository than its base; one that cannot tell is. */
function fromFork(event: unknown): boolean {
  type Repo = { id?: unknown; full_name?: unknown } | null | undefined;
  const pr = (event as { pull_request?: { head?: { repo?: Repo }; base?: { repo?: Repo } } } | undefined)
    ?.pull_request;
  const head = pr?.head?.repo;
  const base = pr?.base?.repo;
  if (typeof head?.id === 'number' && typeof base?.id === 'number') return head.id !== base.id;
  if (typeof head?.full_name === 'string' && typeof base?.full_name === 'string') {
    return head.full_name.toLowerCase() !== base.full_name.toLowerCase();
  }
  return true;
}

function pullRequestHead(event: unknown): string | undefined {
  const pr = (event as { pull_request?: { head?: { sha?: unknown } } } | undefined)?.pull_request;
  const sha = pr?.head?.sha;
  return typeof sha === 'string' && SHA.test(sha) ? sha : undefined;
}
