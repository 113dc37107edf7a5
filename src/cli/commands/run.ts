// `run`: the action's flow in a terminal. The same settings, the same execute() and the same live report;
// the summary is printed as text at the end. Ctrl-C takes the action's cancellation path: the remote run is
// aborted, then the CLI exits 130.
import type { ApiClient } from '../../api/client.ts';
import { createApiClient } from '../../api/connect.ts';
import { installCancelHandlers } from '../../runtime/signals.ts';
import { withTopLevelLines } from '../../runtime/top-level-lines.ts';
import type { Outputs, StateStore } from '../../core/contract.ts';
import { runStep } from '../../core/flow/step.ts';
import type { Outcome } from '../../core/outcome.ts';
import { stepSummaryData, stepSummaryText, type StepSummary } from '../../core/report/step-summary.ts';
import { readSettings } from '../../core/settings.ts';
import { realSleep, systemClock } from '../../time.ts';
import type { CommandSpec } from '../command.ts';
import { tokenOf } from '../connection.ts';
import { EXIT, UsageError } from '../errors.ts';
import type { ArtifactFiles } from '../../core/artifacts/files.ts';
import { wantsArtifacts, type ArtifactSettings } from '../../core/settings/artifacts.ts';
import { inGitHubActions } from '../io.ts';
import { guardLines, printJson } from '../output.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { colorWanted, createStyle } from '../terminal/color.ts';
import { createTerminalLog } from '../terminal/log.ts';
import { USER_AGENT } from '../version.ts';
import { messageOf } from '../../text/message.ts';
import { terminalPlace, withTestReports } from './artifacts.ts';
import { inputsFromFlags, RUN_OPTIONS } from './run-inputs.ts';

export const run: CommandSpec = {
  words: ['run'],
  args: [],
  positionals: { min: 0, max: 0 },
  summary: 'Trigger a run (or a classic build), follow it live and exit with its result.',
  details: [
    'Every input of the action is a flag of the same name, checked by the same rules. Exit codes: 0 passed, ' +
      '1 failed (also aborted, timed out, or an error from the server), 2 bad input (nothing was sent), ' +
      '130 interrupted by Ctrl-C (after aborting the remote run, unless --abort-on-cancel false).',
    'To look at an existing run without following it, use `ci-run run get <run-id>`.',
    'With --json the live report goes to stderr and stdout gets one JSON object: the outcome, the outputs ' +
      'the action would set, and the summary.',
  ],
  options: RUN_OPTIONS,
  examples: [
    'ci-run run --base-url https://ci.example.com --pipeline acme/webapp/build --branch main',
    'CI_RUN_TOKEN=… ci-run run --base-url https://ci.example.com --pipeline-id 620000000000000000000001 \\\n' +
      '    --env-vars DEPLOY_ENV=staging --env-vars LOG_LEVEL=debug --timeout 20m',
    'ci-run run --base-url https://ci.example.com --run-id 5e000000000000000000002f',
  ],
  async run({ flags }, io) {
    const settings = readSettings(inputsFromFlags(flags, io, await tokenOf(flags, io)));
    const json = flags.boolean('json');
    const report = json ? io.stderr : io.stdout;
    const style = createStyle(colorWanted(io.env, report.isTTY));
    // The signal's line waits for a running step's group to close (top-level-lines.ts).
    const log = withTopLevelLines(
      createTerminalLog({
        out: report,
        style,
        verbose: flags.boolean('verbose'),
        githubActions: inGitHubActions(io),
      }),
    );
    const cancel = installCancelHandlers(log, (code) => {
      log.clearProgress();
      process.exit(code);
    });

    const artifacts = await artifactFilesFor(settings.artifacts, io.cwd);
    let client: ApiClient | undefined;
    try {
      client = createApiClient({ ...settings, userAgent: USER_AGENT, debug: (line) => log.debug(line) });
      const outputs = new Map<string, string>();
      // The summary is laid out even with `--summary false`, for `--json`.
      let summary: StepSummary | undefined;
      const { outcome } = await runStep(settings, {
        client,
        clock: systemClock,
        sleep: realSleep,
        log,
        cancel,
        outputs: mapOutputs(outputs),
        state: memoryState(),
        summary: { publish: async (laidOut) => void (summary = laidOut) },
        ...(artifacts ? { artifacts } : {}),
      });
      log.clearProgress();

      if (settings.summary && summary) {
        report.write(`\n${guardLines(stepSummaryText(summary, { color: style.enabled }))}`);
      } else {
        const message = sanitizeLine(outcome.message, { maxLength: 4000 });
        report.write(`${outcome.success ? message : style.red(message)}\n`);
      }
      if (json) {
        const data = stepSummaryData(summary);
        printJson(io, {
          ...outcomeJson(outcome),
          outputs: Object.fromEntries(outputs),
          ...(data ? { summary: data } : {}),
        });
      }
      if (cancel.signal.aborted) return EXIT.interrupted;
      return outcome.success ? EXIT.passed : EXIT.failed;
    } catch (error) {
      log.clearProgress();
      if (!cancel.signal.aborted) throw error;
      report.write(`${sanitizeLine(messageOf(error), { maxLength: 4000 })}\n`);
      return EXIT.interrupted;
    } finally {
      await client?.close().catch(() => undefined);
      cancel.dispose();
    }
  },
};

/** The artifacts port over `--artifacts-path` in the current folder, checked before anything is sent. */
async function artifactFilesFor(settings: ArtifactSettings, cwd: string): Promise<ArtifactFiles | undefined> {
  if (!wantsArtifacts(settings)) return undefined;
  const { openArtifactFiles } = await import('../../artifacts/files.ts');
  const opened = await openArtifactFiles(settings, terminalPlace(settings.path, cwd));
  if ('problem' in opened) throw new UsageError(`--artifacts-path: ${opened.problem}`);
  return withTestReports(opened.files, settings);
}

function outcomeJson(outcome: Outcome) {
  return { outcome: outcome.kind, success: outcome.success, message: outcome.message };
}

function mapOutputs(values: Map<string, string>): Outputs {
  return { set: (name, value) => void values.set(name, value) };
}

/** The action keeps state for its post step; a terminal has none, so it only lives for this process. */
function memoryState(): StateStore {
  const values = new Map<string, string>();
  return { save: (name, value) => void values.set(name, value), get: (name) => values.get(name) ?? '' };
}
