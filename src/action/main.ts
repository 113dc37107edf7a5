// The main entry of the action: read and check every input before sending anything, then trigger,
// follow and gate. Signal handlers go in first of all (see signals.ts). What the first request does not
// need loads while it is in flight (load-later.ts): @actions/core, the summary's layout and rendering,
// and the GitHub reports.
import { withApiClient } from '../api/connect.ts';
import { messageOf } from '../text/message.ts';
import { runStep } from '../core/flow/step.ts';
import type { ArtifactFiles } from '../core/artifacts/files.ts';
import { saveState } from '../core/contract.ts';
import { SettingsError } from '../core/settings.ts';
import { wantsArtifacts, type ArtifactSettings } from '../core/settings/artifacts.ts';
import { sanitizeLine } from '../text/safety.ts';
import { realSleep, systemClock } from '../time.ts';
import { githubLog, githubOutputs, githubState } from './github-ports.ts';
import { readInput } from './inputs.ts';
import { coreNow, withCore } from './lazy-core.ts';
import { later } from './load-later.ts';
import { lateGitHubSink, laterSummary } from './late-sinks.ts';
import { readActionSettings } from './settings.ts';
import { installCancelHandlers } from '../runtime/signals.ts';
import { withTopLevelLines } from '../runtime/top-level-lines.ts';
import { USER_AGENT } from './user-agent.ts';

export async function run(): Promise<void> {
  // The signal's line waits for a running step's live log group to close (top-level-lines.ts).
  const log = withTopLevelLines(githubLog);
  const cancel = installCancelHandlers(log);
  const rawToken = readInput('token');
  if (rawToken) withCore((core) => core.setSecret(rawToken));
  try {
    const { settings, github } = readActionSettings(readInput);
    // The runner masks the job's own token; one passed from a secret is masked here, once it is used.
    if (github) withCore((core) => core.setSecret(github.token));
    // The GitHub client is loaded only when a report is asked for, while the first request is in flight.
    const loading = github ? later(() => import('../github/reporting.ts')) : undefined;
    // The artifacts' folder is checked (and made) before the first request: a bad one sends nothing.
    const artifacts = await artifactFilesFor(settings.artifacts);
    const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
    const { outcome } = await withApiClient(connection, (client) =>
      runStep(settings, {
        client,
        clock: systemClock,
        sleep: realSleep,
        log,
        cancel,
        outputs: githubOutputs,
        state: githubState,
        ...(settings.summary ? { summary: laterSummary() } : {}),
        ...(github && loading ? { targetSinks: (run) => [lateGitHubSink(loading, github, run)] } : {}),
        ...(artifacts ? { artifacts } : {}),
      }),
    );
    const core = await coreNow();
    if (outcome.success) core.info(sanitizeLine(outcome.message, { maxLength: 4000 }));
    else core.setFailed(outcome.message);
  } catch (error) {
    (await coreNow()).setFailed(failureLine(error));
  } finally {
    cancel.dispose();
  }
}

/** The artifacts port over `artifacts-path` in the workspace, when artifacts or an outputs file are asked for. */
async function artifactFilesFor(settings: ArtifactSettings): Promise<ArtifactFiles | undefined> {
  if (!wantsArtifacts(settings)) return undefined;
  const { openArtifactFiles } = await import('../artifacts/files.ts');
  const opened = await openArtifactFiles(settings, {
    workspace: process.env.GITHUB_WORKSPACE || undefined,
    runnerTemp: process.env.RUNNER_TEMP || undefined,
    cwd: process.cwd(),
  });
  if ('problem' in opened) {
    throw new SettingsError([
      {
        input: 'artifacts-path',
        message: opened.problem,
        hint: 'Write a folder inside the workspace, such as `ci-run-artifacts`.',
      },
    ]);
  }
  saveState(githubState, 'artifactsRoot', opened.files.root);
  if (settings.testReports.length === 0) return opened.files;
  // The XML parser loads only when test reports are asked for.
  const { testReportsPort } = await import('../test-reports/index.ts');
  return { ...opened.files, testReports: testReportsPort(settings.testReports) };
}

/** Error messages already carry their hints (the client appends them); remote text in them is made inert. */
function failureLine(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return sanitizeLine(messageOf(error), { maxLength: 4000 });
}
