// `abort <run-id>`: the same abort path as a cancelled action, with a terminal's patience.
import { abortRemote } from '../../core/abort.ts';
import { realSleep, systemClock } from '../../time.ts';
import type { CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import { printJson } from '../output.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { inGitHubActions } from '../io.ts';
import { createStyle } from '../terminal/color.ts';
import { createTerminalLog } from '../terminal/log.ts';
import { runRef } from '../../core/refs.ts';

const ABORT_BUDGET_MS = 20_000;

export const abort: CommandSpec = {
  words: ['abort'],
  args: ['<run-id>'],
  positionals: { min: 1, max: 1 },
  summary: 'Abort a run (retried while it has not started yet).',
  details: [
    'Exits 0 once the run is finished: aborted now, or finished on its own before. A run that has not ' +
      `started yet cannot be aborted; the abort is retried for up to ${ABORT_BUDGET_MS / 1000}s.`,
  ],
  options: {},
  examples: ['ci-run abort 5e000000000000000000002f'],
  async run({ flags, positionals }, io) {
    const id = positionals[0]!;
    // Progress notes go to stderr, so that --json output stays parseable.
    const log = createTerminalLog({
      out: io.stderr,
      style: createStyle(false),
      githubActions: inGitHubActions(io),
    });
    const result = await withClient(flags, io, async (client) => {
      const run = await client.getRun(id);
      return abortRemote(client, runRef(client.apiUrl, run.id), {
        budgetMs: ABORT_BUDGET_MS,
        clock: systemClock,
        sleep: realSleep,
        log,
      });
    });
    if (flags.boolean('json')) {
      printJson(io, {
        confirmed: result.confirmed,
        alreadyFinished: result.alreadyFinished === true,
        message: result.message,
        ...(result.resource ? { run: result.resource } : {}),
      });
    } else {
      (result.confirmed ? io.stdout : io.stderr).write(`${sanitizeLine(result.message)}\n`);
    }
    return result.confirmed ? 0 : 1;
  },
};
