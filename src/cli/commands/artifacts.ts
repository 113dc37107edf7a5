// `artifacts <run-id> [--step <name|order>] [--out DIR] [--no-extract] [--json]`: a run's artifacts brought
// back by the action's own sink, with its rules: the same origins and redirects, the same extraction, the
// same caps and folders (`<out>/<order>-<step>`), one line (or one JSON object) for what each step came to.
import { dirname, isAbsolute } from 'node:path';
import type { Step } from '../../api/types.ts';

import type { ArtifactFiles } from '../../core/artifacts/files.ts';
import { ARTIFACT_INPUT_DEFAULTS, type ArtifactSettings } from '../../core/settings/artifacts.ts';
import { parseByteSize } from '../../core/settings/byte-size.ts';
import { createArtifactsSink } from '../../core/sinks/artifacts-sink.ts';
import type { TargetFacts } from '../../core/flow/events.ts';
import { artifactsOutput } from '../../core/artifacts/facts.ts';
import { formatBytes } from '../../core/report/format.ts';
import { failedTestsOutput, testsOutput } from '../../core/test-results.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { realSleep, systemClock } from '../../time.ts';
import type { CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import { UsageError } from '../errors.ts';
import { inGitHubActions } from '../io.ts';
import { printJson, stdoutStyle } from '../output.ts';
import { createTerminalLog } from '../terminal/log.ts';

export const artifacts: CommandSpec = {
  words: ['artifacts'],
  args: ['<run-id>'],
  positionals: { min: 1, max: 1 },
  summary: "Bring a run's artifacts back into a folder, one sub-folder per step.",
  details: [
    'Every finished step that stored something is read (or only those --step names, by name or number), and ' +
      'its gzipped tar extracted into <out>/<order>-<step> with the action’s rules: entries that could leave ' +
      'the folder, links and devices are skipped and counted, and a folder is moved into place only whole. ' +
      'With --json, stdout gets the outputs the action would set, in their shapes: `artifacts` (one object per ' +
      'step) and, with --test-reports, `tests` and `failed-tests`.',
  ],
  options: {
    step: {
      type: 'string',
      multiple: true,
      value: '<name|order>',
      description: 'Only this step (its name or number); repeat it for several.',
    },
    out: { type: 'string', value: '<dir>', description: 'The folder (default: ci-run-artifacts).' },
    'no-extract': { type: 'boolean', description: 'Keep each archive as it came, as <order>-<step>.tar.gz.' },
    'max-size': { type: 'string', value: '<size>', description: 'Most bytes for one step (default: 2GB).' },
    'test-reports': {
      type: 'string',
      multiple: true,
      value: '<glob>',
      description: 'JUnit reports inside the archives (e.g. **/junit*.xml): prints the failed tests.',
    },
  },
  examples: ['ci-run artifacts 5e000000000000000000002f --step store --out build'],
  async run({ flags, positionals }, io) {
    const runId = positionals[0]!;
    const wanted = flags.list('step');
    const settings: ArtifactSettings = {
      steps: wanted.length > 0 ? wanted : 'all',
      path: flags.string('out') ?? ARTIFACT_INPUT_DEFAULTS['artifacts-path'],
      maxBytes: sizeOf(flags.string('max-size') ?? ARTIFACT_INPUT_DEFAULTS['artifacts-max-size']),
      maxTotalBytes: Number.MAX_SAFE_INTEGER,
      extract: !flags.boolean('no-extract'),
      ifNone: 'warn',
      testReports: flags.list('test-reports'),
    };
    // The extraction layer (and tar) loads only for this command.
    const { openArtifactFiles } = await import('../../artifacts/files.ts');
    const opened = await openArtifactFiles(settings, terminalPlace(settings.path, io.cwd));
    if ('problem' in opened) throw new UsageError(`--out: ${opened.problem}`);
    const json = flags.boolean('json');
    const log = createTerminalLog({
      out: json ? io.stderr : io.stdout,
      style: stdoutStyle(io),
      githubActions: inGitHubActions(io),
    });
    const cancel = new AbortController();
    const onSignal = () => cancel.abort(new Error('interrupted'));
    process.once('SIGINT', onSignal);
    try {
      return await withClient(flags, io, async (client) => {
        const steps = [...(await client.getRunSteps(runId, { signal: cancel.signal }))].sort(
          (a, b) => a.order - b.order,
        );
        const facts: TargetFacts = { tails: new Map() };
        const sink = createArtifactsSink({
          settings: { ...settings, steps: namesOf(wanted, steps) },
          client,
          files: await withTestReports(opened.files, settings),
          log,
          clock: systemClock,
          sleep: realSleep,
          facts,
          cancel: cancel.signal,
          // A large archive shows how far it has come, on a terminal only: elsewhere a line a second.
          ...(log.rewrites
            ? {
                progress: (line: string | undefined) =>
                  line === undefined ? log.clearProgress() : log.progress?.(line),
              }
            : {}),
        });
        for (const step of steps) {
          if (step.status === 'finished') await sink.stepFinished?.(step, steps, true, cancel.signal);
        }
        await sink.settling?.({ steps });
        log.clearProgress();
        const entries = facts.artifacts?.entries ?? [];
        if (json) printJson(io, jsonOf(facts));
        else if (entries.length === 0) io.stdout.write('No step of the run stored artifacts.\n');
        for (const entry of json ? [] : entries.filter((each) => each.status === 'stored')) {
          io.stdout.write(
            `${entry.order} ${sanitizeLine(entry.step, { maxLength: 100 })}: ${entry.files} files, ${formatBytes(entry.bytes)}\n`,
          );
        }
        if (cancel.signal.aborted) return 130;
        return entries.some((entry) => entry.status !== 'stored' && entry.status !== 'none') ? 1 : 0;
      });
    } finally {
      process.off('SIGINT', onSignal);
      log.clearProgress();
    }
  },
};

/** The port with the test reports' readers when `--test-reports` asks for them (the XML parser loads then). */
export async function withTestReports(
  files: ArtifactFiles,
  settings: ArtifactSettings,
): Promise<ArtifactFiles> {
  if (settings.testReports.length === 0) return files;
  const { testReportsPort } = await import('../../test-reports/index.ts');
  return { ...files, testReports: testReportsPort(settings.testReports) };
}

/**
 * In a terminal the folder is the user's to choose: relative to the current folder, or any absolute one
 * (made in a folder that exists); either way no link may stand on the way to it.
 */
export function terminalPlace(path: string, cwd: string) {
  return { workspace: undefined, runnerTemp: isAbsolute(path) ? dirname(path) : undefined, cwd };
}

/** The action's outputs of these facts, as objects rather than JSON texts. */
function jsonOf(facts: TargetFacts) {
  const steps = facts.tests?.steps;
  return {
    artifacts: artifactsOutput(facts.artifacts?.entries ?? []),
    ...(steps ? { tests: testsOutput(steps), 'failed-tests': failedTestsOutput(steps) } : {}),
  };
}

function sizeOf(text: string): number {
  try {
    return parseByteSize(text);
  } catch (error) {
    throw new UsageError(`--max-size: ${(error as Error).message}`);
  }
}

/** `--step` by name or by number, as the step names the sink matches; every step when none is given. */
function namesOf(wanted: readonly string[], steps: readonly Step[]): ArtifactSettings['steps'] {
  if (wanted.length === 0) return 'all';
  return wanted.map((each) => {
    const byOrder = /^\d+$/.test(each) ? steps.find((step) => String(step.order) === each) : undefined;
    return byOrder?.name ?? each;
  });
}
