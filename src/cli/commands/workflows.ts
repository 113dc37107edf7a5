// Workflows: `workflows list`, `workflows get <id>`.
import type { Workflow } from '../../api/types.ts';
import { resultIcon } from '../../core/report/format.ts';
import { UsageError } from '../errors.ts';
import { parseAppRef } from '../flags.ts';
import type { CliIo } from '../io.ts';
import { formatTime, renderFields, renderTable, shortCommit, stateCell, stdoutStyle } from '../output.ts';
import { cleanCell } from '../../text/safety.ts';
import { sortedPageFlags, sortedPageOptions } from './paging.ts';
import { getByIdCommand, listCommand } from './reading.ts';

export const workflowsList = listCommand<Workflow>({
  words: ['workflows', 'list'],
  args: [],
  summary: 'List the workflows of an application, newest first.',
  details: ['Name the application by id (--application-id) or by name (--application owner/app).'],
  options: {
    'application-id': { type: 'string', value: '<id>', description: 'Workflows of this application.' },
    application: {
      type: 'string',
      value: '<owner/app>',
      description: 'The same, by name (one more request).',
    },
    ...sortedPageOptions(20),
  },
  examples: ['ci-run workflows list --application acme/webapp --limit 5'],
  request({ flags }) {
    const byId = flags.string('application-id');
    const byName = flags.string('application');
    if ((byId === undefined) === (byName === undefined)) {
      throw new UsageError('`workflows list` needs one of --application-id and --application.');
    }
    const ref = byName === undefined ? undefined : parseAppRef(byName);
    return async (client) => {
      const applicationId = ref ? (await client.getApplication(ref.owner, ref.name)).id : byId!;
      return client.listWorkflows({ applicationId, ...sortedPageFlags(flags) });
    };
  },
  table: {
    what: 'workflows',
    headers: ['ID', 'TRIGGER', 'BRANCH', 'COMMIT', 'CREATED', 'ITEMS'],
    row: (workflow) => [
      cleanCell(workflow.id, 40),
      cleanCell(workflow.trigger ?? '', 20),
      cleanCell(workflow.data?.branch ?? '', 30),
      shortCommit(workflow.data?.commitHash),
      formatTime(workflow.createdAt),
      itemsLine(workflow),
    ],
  },
});

/** `build ✔ · deploy …`, short enough for a table cell. */
function itemsLine(workflow: Workflow): string {
  return cleanCell(
    workflow.items
      .map(
        (item) =>
          `${item.targetName ?? item.pipelineId ?? item.id} ${item.status === 'finished' ? resultIcon(item.result) : item.status}`,
      )
      .join(' · '),
    100,
  );
}

export const workflowsGet = getByIdCommand(
  ['workflows', 'get'],
  'workflow',
  'Show one workflow and the state of each of its items.',
  (client, id) => client.getWorkflow(id),
  printWorkflow,
);

function printWorkflow(io: CliIo, workflow: Workflow): void {
  const style = stdoutStyle(io);
  io.stdout.write(
    renderFields([
      ['Workflow', cleanCell(workflow.id, 40)],
      ['URL', cleanCell(workflow.url, 300)],
      ['Application', workflow.application ? cleanCell(workflow.application.name, 100) : undefined],
      ['Trigger', cleanCell(workflow.trigger ?? '', 40)],
      ['Branch', cleanCell(workflow.data?.branch ?? '', 200)],
      ['Commit', cleanCell(workflow.data?.commitHash ?? '', 64)],
      ['Message', cleanCell(workflow.data?.message ?? '', 200)],
      ['Chained from', cleanCell(workflow.data?.sourceRunId ?? '', 40)],
      ['Created', formatTime(workflow.createdAt)],
      ['Updated', formatTime(workflow.updatedAt)],
    ]),
  );
  if (workflow.items.length === 0) return;
  io.stdout.write('\n');
  io.stdout.write(
    renderTable(
      style,
      ['ITEM', 'TYPE', 'STATE', 'RUN'],
      workflow.items.map((item) => [
        cleanCell(item.targetName ?? item.pipelineId ?? item.id, 60),
        cleanCell(item.type ?? '', 20),
        stateCell(style, item),
        cleanCell(item.runId ?? '', 40),
      ]),
    ),
  );
}
