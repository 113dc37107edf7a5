// Runs: `runs list`, `run get <id>`, `steps <run-id>`.
import type { ApiClient } from '../../api/client.ts';
import type { Run, RunFilters, Step } from '../../api/types.ts';
import type { CommandSpec } from '../command.ts';
import { UsageError } from '../errors.ts';
import { inGitHubActions, type CliIo } from '../io.ts';
import { withClient } from '../connection.ts';
import {
  formatElapsed,
  formatTime,
  printJson,
  printTable,
  renderFields,
  shortCommit,
  stateCell,
  stdoutStyle,
  type TableSpec,
} from '../output.ts';
import { cleanCell, fenceLogLines, guardLogLine, stripControls } from '../../text/safety.ts';
import { sortedPageFlags, sortedPageOptions, STATE_OPTIONS, stateFlags } from './paging.ts';
import { getByIdCommand, listCommand } from './reading.ts';

export const runsList = listCommand<Run>({
  words: ['runs', 'list'],
  args: [],
  summary: 'List the runs of an application or a pipeline, newest first.',
  details: ['Give --application-id or --pipeline-id (or both); the other flags filter further.'],
  options: {
    'application-id': { type: 'string', value: '<id>', description: 'Runs of this application.' },
    'pipeline-id': { type: 'string', value: '<id>', description: 'Runs of this pipeline.' },
    ...STATE_OPTIONS,
    branch: { type: 'string', value: '<name>', description: 'Runs of this branch.' },
    commit: { type: 'string', value: '<hash>', description: 'Runs of this commit.' },
    tag: { type: 'string', value: '<tag>', description: 'Runs of this tag.' },
    'source-run': { type: 'string', value: '<id>', description: 'Runs chained from this run.' },
    author: { type: 'string', value: '<username>', description: 'Runs triggered by this user.' },
    ...sortedPageOptions(20),
  },
  examples: ['ci-run runs list --pipeline-id 620000000000000000000001 --result failed --limit 5'],
  request({ flags }) {
    const applicationId = flags.string('application-id');
    const pipelineId = flags.string('pipeline-id');
    if (applicationId === undefined && pipelineId === undefined) {
      throw new UsageError('`runs list` needs --application-id or --pipeline-id.');
    }
    const filters: RunFilters = {
      applicationId,
      pipelineId,
      ...stateFlags(flags),
      branch: flags.string('branch'),
      commit: flags.string('commit'),
      tag: flags.string('tag'),
      sourceRun: flags.string('source-run'),
      author: flags.string('author'),
      ...sortedPageFlags(flags),
    };
    return (client) => client.listRuns(filters);
  },
  table: {
    what: 'runs',
    headers: ['ID', 'PIPELINE', 'BRANCH', 'COMMIT', 'STATE', 'CREATED', 'DURATION'],
    row: (run, style) => [
      cleanCell(run.id, 40),
      cleanCell(run.pipeline?.name ?? run.pipeline?.pipelineName ?? run.pipeline?.id ?? '', 30),
      cleanCell(run.branch ?? '', 30),
      shortCommit(run.commitHash),
      stateCell(style, run),
      formatTime(run.createdAt),
      formatElapsed(run.startedAt, run.finishedAt),
    ],
  },
});

export const runGet = getByIdCommand(
  ['run', 'get'],
  'run',
  'Show one run.',
  (client, id) => client.getRun(id),
  printRun,
);

function printRun(io: CliIo, run: Run): void {
  const keys = (run.envVars ?? []).map((pair) => cleanCell(pair.key, 100));
  io.stdout.write(
    renderFields([
      ['Run', cleanCell(run.id, 40)],
      ['URL', cleanCell(run.url, 300)],
      ['Pipeline', pipelineLabel(run)],
      ['State', stateCell(stdoutStyle(io), run)],
      ['Progress', run.progress === undefined ? undefined : `${Math.round(run.progress)}%`],
      ['Branch', cleanCell(run.branch ?? '', 200)],
      ['Commit', cleanCell(run.commitHash ?? '', 64)],
      ['Message', cleanCell(run.message ?? '', 200)],
      ['Chained from', cleanCell(run.sourceRunId ?? '', 40)],
      ['User', cleanCell(run.user?.username ?? run.user?.name ?? '', 80)],
      ['Created', formatTime(run.createdAt)],
      ['Started', formatTime(run.startedAt)],
      ['Finished', formatTime(run.finishedAt)],
      ['Duration', formatElapsed(run.startedAt, run.finishedAt)],
      ['Env vars', keys.length > 0 ? `${keys.join(', ')} (values: --json)` : undefined],
    ]),
  );
}

function pipelineLabel(run: Run): string | undefined {
  if (!run.pipeline) return undefined;
  const name = run.pipeline.name ?? run.pipeline.pipelineName;
  return cleanCell(name ? `${name} (${run.pipeline.id})` : run.pipeline.id, 120);
}

export const steps: CommandSpec = {
  words: ['steps'],
  args: ['<run-id>'],
  positionals: { min: 1, max: 1 },
  summary: 'List the steps of a run, or print the log of one with --log.',
  options: {
    log: {
      type: 'string',
      value: '<order>',
      description: 'Print the log of the step with this number instead.',
    },
  },
  examples: ['ci-run steps 5e000000000000000000002f', 'ci-run steps 5e000000000000000000002f --log 4'],
  async run({ flags, positionals }, io) {
    const runId = positionals[0]!;
    const logOrder = flags.integer('log');
    return withClient(flags, io, async (client) => {
      const list = await client.getRunSteps(runId);
      if (logOrder !== undefined) return printLog(client, io, list, logOrder);
      if (flags.boolean('json')) printJson(io, list);
      else
        printTable(
          io,
          [...list].sort((a, b) => a.order - b.order),
          STEP_TABLE,
        );
      return 0;
    });
  },
};

const STEP_TABLE: TableSpec<Step> = {
  what: 'steps',
  headers: ['#', 'STEP', 'STATE', 'STARTED', 'DURATION'],
  row: (step, style) => [
    String(step.order),
    cleanCell(step.name, 60),
    stateCell(style, step),
    formatTime(step.startedAt),
    formatElapsed(step.startedAt, step.finishedAt),
  ],
};

/**
 * Streams the log as it arrives, line by line, each stripped of terminal controls and guarded; inside GitHub
 * Actions each chunk's lines are fenced instead, as the action prints a log tail, so that nothing is held.
 */
async function printLog(client: ApiClient, io: CliIo, list: readonly Step[], order: number): Promise<number> {
  const step = list.find((candidate) => candidate.order === order);
  if (!step) {
    throw new UsageError(
      `the run has no step ${order} (its steps: ${list.map((s) => s.order).join(', ') || 'none'}).`,
    );
  }
  if (!step.logUrl) {
    io.stderr.write(`Step ${order} has no log (yet).\n`);
    return 1;
  }
  const fenced = inGitHubActions(io);
  const print = (lines: string[]) => {
    if (lines.length === 0) return;
    const shown = fenced ? fenceLogLines(lines) : lines.map((line) => guardLogLine(stripControls(line)));
    io.stdout.write(shown.map((line) => `${line}\n`).join(''));
  };
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of await client.openStepLog(step.logUrl)) {
    const lines = (pending + decoder.decode(chunk, { stream: true })).split(/\r?\n/);
    pending = lines.pop() ?? '';
    print(lines);
  }
  pending += decoder.decode();
  if (pending !== '') print([pending]);
  return 0;
}
