// `logs <run-id> [--step N] [--follow]`: a run's step logs, and with --follow the running steps' logs as
// they grow, to the run's end (as `kubectl logs -f` does). The steps are printed one after the other, each
// under its heading, with the same reader as the action's `step-logs: live`.
import type { ApiClient } from '../../api/client.ts';
import { isFinished, type Step } from '../../api/types.ts';
import { LiveSteps } from '../../core/live-log/live-steps.ts';
import { LIVE_CADENCE } from '../../core/live-log/tailer.ts';
import type { Log } from '../../core/ports.ts';
import { stepHeading } from '../../core/report/format.ts';
import { realSleep } from '../../time.ts';
import type { CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import { UsageError } from '../errors.ts';
import { inertJson } from '../json.ts';
import { inGitHubActions, type CliIo } from '../io.ts';
import { stdoutStyle } from '../output.ts';
import { createTerminalLog } from '../terminal/log.ts';

/** How often the run's steps are read while following it. */
const STEPS_POLL_MS = LIVE_CADENCE.minMs;

export const logs: CommandSpec = {
  words: ['logs'],
  args: ['<run-id>'],
  positionals: { min: 1, max: 1 },
  summary: "Print a run's step logs; with --follow, follow the running steps to the run's end.",
  details: [
    'Each step that has started is printed under its heading, in order. With --follow the running step’s log ' +
      'is printed as it grows, and the next steps as they run, until the run has finished. With --json each ' +
      'line is a JSON object: {"step": 2, "name": "build", "line": "…"}.',
  ],
  options: {
    step: { type: 'string', value: '<order>', description: 'Only the step with this number.' },
    follow: { type: 'boolean', description: 'Follow the run to its end, printing logs as they grow.' },
  },
  examples: [
    'ci-run logs 5e000000000000000000002f --follow',
    'ci-run logs 5e000000000000000000002f --step 4',
  ],
  async run({ flags, positionals }, io) {
    const runId = positionals[0]!;
    const only = flags.integer('step');
    const follow = flags.boolean('follow');
    const json = flags.boolean('json');
    const cancel = new AbortController();
    const onSignal = () => cancel.abort(new Error('interrupted'));
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      return await withClient(flags, io, async (client) => {
        const printer = json ? jsonPrinter(io) : undefined;
        const log =
          printer?.log ??
          createTerminalLog({ out: io.stdout, style: stdoutStyle(io), githubActions: inGitHubActions(io) });
        const live = new LiveSteps({
          client,
          log,
          sleep: realSleep,
          cancel: cancel.signal,
          ...(printer ? { print: printer.print } : {}),
        });
        await printSteps({ client, runId, only, follow, live, cancel: cancel.signal });
        return cancel.signal.aborted ? 130 : 0;
      });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  },
};

interface Printing {
  client: ApiClient;
  runId: string;
  only: number | undefined;
  follow: boolean;
  live: LiveSteps;
  cancel: AbortSignal;
}

/** Each finished step whole, in order; the running one as it grows (--follow) or as far as it is written. */
async function printSteps({ client, runId, only, follow, live, cancel }: Printing): Promise<void> {
  let printed = 0;
  for (;;) {
    const run = await client.getRun(runId, { signal: cancel });
    const all = [...(await client.getRunSteps(runId, { signal: cancel }))].sort((a, b) => a.order - b.order);
    const steps = only === undefined ? all : all.filter((step) => step.order === only);
    if (only !== undefined && steps.length === 0 && (isFinished(run) || all.length > 0)) {
      throw new UsageError(
        `the run has no step ${only} (its steps: ${all.map((s) => s.order).join(', ') || 'none'}).`,
      );
    }
    const total = all.length;
    for (const step of steps.slice(printed)) {
      // Not following, a running step is read once, as far as it is written.
      if (!isFinished(step) && (follow || step.status === 'notstarted')) break;
      if (step.status === 'notstarted') break;
      await live.finished(step, stepHeading(step, total));
      printed += 1;
    }
    // A finished run's steps that never started never will.
    if (!follow || printed >= steps.length || isFinished(run) || cancel.aborted) break;
    live.update(steps.slice(printed), (step: Step) => stepHeading(step, total));
    try {
      await realSleep(STEPS_POLL_MS, cancel);
    } catch {
      break;
    }
  }
  await live.stop();
}

/**
 * `--json`: one object per log line, tagged with its step; nothing else on stdout. The line and the step's
 * name are remote text: inertJson keeps a `##[` in them from reaching the runner as one.
 */
function jsonPrinter(io: CliIo): { log: Log; print: (step: Step, lines: readonly string[]) => void } {
  const none = () => undefined;
  const log: Log = {
    info: none,
    debug: none,
    warning: (message) => io.stderr.write(`warning: ${message}\n`),
    error: (message) => io.stderr.write(`error: ${message}\n`),
    remote: none,
    startGroup: none,
    endGroup: none,
    ...(io.stdout.drained ? { drained: () => io.stdout.drained!() } : {}),
  };
  const print = (step: Step, lines: readonly string[]) => {
    io.stdout.write(
      lines.map((line) => `${inertJson({ step: step.order, name: step.name, line })}\n`).join(''),
    );
  };
  return { log, print };
}
