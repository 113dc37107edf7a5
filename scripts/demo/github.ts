// The `github` demo: a failing run on a pull request, reported to a local fake GitHub (tools/fake-github,
// which checks every request against GitHub's OpenAPI description); then what GitHub received.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../../tools/fake-github/index.ts';
import { writeEventPayload } from '../../tools/fake-github/events.ts';

interface Style {
  bold(text: string): string;
  dim(text: string): string;
}

interface StepResult {
  code: number | null;
  outputs: Record<string, string>;
}

interface DemoParts {
  actionStep(
    title: string,
    inputs: Record<string, string>,
    options: { env: Record<string, string>; expressions: Record<string, string> },
  ): Promise<StepResult>;
  say(line?: string): void;
  style: Style;
  expect(checks: Array<[boolean, string]>): boolean;
}

const REPOSITORY = 'octo-org/webapp';

export async function githubScenario(connection: Record<string, string>, demo: DemoParts): Promise<boolean> {
  const github = await startFakeGitHub();
  const event = writeEventPayload('pull_request', { repository: REPOSITORY });
  try {
    demo.say(
      demo.style.dim(
        `A fake GitHub REST API at ${github.apiUrl}; the event: pull_request, head ${event.headSha}.`,
      ),
    );
    const step = await demo.actionStep(
      'Run the test pipeline on a pull request, reported to GitHub',
      {
        ...connection,
        pipeline: 'acme/webapp/build',
        'env-vars': 'EMULATOR_FAIL_STEP=npm test',
        'github-token': 'ghs_demoGitHubToken',
        'commit-status': 'ci-service/build',
        'check-run': 'CI service: build',
        'deployment-environment': 'staging',
      },
      {
        env: {
          ...event.env,
          GITHUB_REPOSITORY: REPOSITORY,
          GITHUB_API_URL: github.apiUrl,
          GITHUB_WORKFLOW_REF: `${REPOSITORY}/.github/workflows/ci.yml@refs/pull/1/merge`,
        },
        expressions: {},
      },
    );
    const received = showReceived(github, event.headSha, demo);
    return demo.expect([
      [step.code === 1, 'the step failed, as the run did'],
      [received.statuses.at(-1) === 'failure', 'the commit status ended `failure`, on the head commit'],
      [received.checkRuns === 1 && received.conclusion === 'failure', 'one check run, concluded `failure`'],
      [received.annotations > 0, 'the check run has an annotation for the failed step'],
      [received.deployment.at(-1) === 'failure', 'the deployment ended `failure`'],
      [github.violations.length === 0, "every request matched GitHub's OpenAPI description"],
    ]);
  } finally {
    await github.close();
    rmSync(dirname(event.path), { recursive: true, force: true });
  }
}

function showReceived(github: FakeGitHub, sha: string, { say, style }: DemoParts) {
  say();
  say(style.bold(`What GitHub received for ${sha.slice(0, 7)}`));
  const statuses = github.statuses(sha);
  say('  Commit statuses');
  for (const status of statuses) {
    say(`    ${String(status.state).padEnd(8)} ${String(status.context)}  ${String(status.description)}`);
  }
  say(style.dim(`    target_url ${String(statuses.at(-1)?.target_url ?? '')}`));
  const checkRuns = github.checkRuns().filter((run) => run.head_sha === sha);
  const check = checkRuns[0];
  const annotations = check ? github.annotations(check.id as number) : [];
  if (check) {
    const output = check.output as { title?: string } | undefined;
    say('  Check run');
    say(
      `    ${String(check.name)}: ${String(check.status)}, ${String(check.conclusion)}  ${output?.title ?? ''}`,
    );
    say(style.dim(`    details_url ${String(check.details_url)}`));
    for (const annotation of annotations)
      say(`    annotation  ${annotation.title ?? ''}: ${annotation.message.split('\n')[0]}`);
  }
  const deployment = github.deployments().find((item) => item.sha === sha);
  const states = deployment
    ? github.deploymentStatuses(deployment.id as number).map((s) => String(s.state))
    : [];
  if (deployment) {
    say('  Deployment');
    say(`    ${String(deployment.environment)}: ${states.join(' → ')}  ${String(deployment.description)}`);
  }
  return {
    statuses: statuses.map((status) => String(status.state)),
    checkRuns: checkRuns.length,
    conclusion: check?.conclusion,
    annotations: annotations.length,
    deployment: states,
  };
}
