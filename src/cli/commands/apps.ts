// Applications: `apps list <owner>`, `app get <owner/app>`, `app ignore-branches`, `pipelines list`.
import type { Application, ApplicationListOptions, ApplicationRef, Pipeline } from '../../api/types.ts';
import type { CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import { UsageError } from '../errors.ts';
import { parseAppRef } from '../flags.ts';
import type { CliIo } from '../io.ts';
import { formatTime, printJson, renderFields } from '../output.ts';
import { cleanCell, guardLogLine } from '../../text/safety.ts';
import { pageFlags, pageOptions, sortedPageFlags, sortedPageOptions } from './paging.ts';
import { getCommand, listCommand } from './reading.ts';

export const appsList = listCommand<ApplicationRef>({
  words: ['apps', 'list'],
  args: ['<owner>'],
  summary: 'List the applications of a user or organization.',
  options: {
    stack: {
      type: 'string',
      value: '<n>',
      description: 'Only this stack: 1, 5 (classic builds) or 6 (pipelines).',
    },
    ...sortedPageOptions(
      100,
      'nameAsc (default), nameDesc, createdAtAsc, createdAtDesc, updatedAtAsc, updatedAtDesc',
    ),
  },
  examples: ['ci-run apps list acme --stack 6'],
  request({ flags, positionals }) {
    const options: ApplicationListOptions = {
      stack: flags.integer('stack'),
      ...sortedPageFlags<NonNullable<ApplicationListOptions['sort']>>(flags),
    };
    return (client) => client.listApplications(positionals[0]!, options);
  },
  table: ({ positionals }) => ({
    what: 'applications',
    headers: ['ID', 'NAME', 'STACK', 'PRIVACY', 'UPDATED'],
    row: (app) => [
      cleanCell(app.id, 40),
      cleanCell(`${app.owner?.username ?? positionals[0]!}/${app.name}`, 60),
      app.stack === undefined ? '' : String(app.stack),
      cleanCell(app.privacy ?? '', 20),
      formatTime(app.updatedAt),
    ],
  }),
});

export const appGet = getCommand({
  words: ['app', 'get'],
  args: ['<owner/app>'],
  summary: 'Show one application.',
  options: {},
  examples: ['ci-run app get acme/webapp'],
  request({ positionals }) {
    const { owner, name } = parseAppRef(positionals[0]!);
    return (client) => client.getApplication(owner, name);
  },
  print: printApplication,
});

function printApplication(io: CliIo, app: Application): void {
  const repository = app.scm?.repository
    ? cleanCell(`${app.scm.repository}${app.scm.type ? ` (${app.scm.type})` : ''}`, 200)
    : undefined;
  io.stdout.write(
    renderFields([
      [
        'Application',
        cleanCell(`${app.owner?.username ?? ''}${app.owner?.username ? '/' : ''}${app.name}`, 120),
      ],
      ['ID', cleanCell(app.id, 40)],
      ['URL', cleanCell(app.url, 300)],
      ['Stack', app.stack === undefined ? undefined : String(app.stack)],
      ['Privacy', cleanCell(app.privacy ?? '', 20)],
      ['Repository', repository],
      [
        'Ignored branches',
        app.ignoredBranches === undefined
          ? undefined
          : app.ignoredBranches.length === 0
            ? 'none'
            : app.ignoredBranches.map((branch) => cleanCell(branch, 100)).join(', '),
      ],
      ['Created', formatTime(app.createdAt)],
      ['Updated', formatTime(app.updatedAt)],
    ]),
  );
}

export const appIgnoreBranches: CommandSpec = {
  words: ['app', 'ignore-branches'],
  args: ['<owner/app>', '<branch…>'],
  positionals: { min: 1, max: Number.MAX_SAFE_INTEGER },
  summary: 'Set the branches whose pushes the service ignores (replaces the list).',
  details: ['The list given replaces the current one (at most 10 branches); --clear empties it.'],
  options: { clear: { type: 'boolean', description: 'Ignore no branch at all.' } },
  examples: [
    'ci-run app ignore-branches acme/webapp gh-pages wip',
    'ci-run app ignore-branches acme/webapp --clear',
  ],
  async run({ flags, positionals }, io) {
    const [ref, ...branches] = positionals;
    const { owner, name } = parseAppRef(ref!);
    if (branches.length === 0 && !flags.boolean('clear')) {
      throw new UsageError('name the branches to ignore, or pass --clear to ignore none.');
    }
    if (branches.length > 0 && flags.boolean('clear')) {
      throw new UsageError('--clear takes no branches: give either branches or --clear.');
    }
    const app = await withClient(flags, io, (client) => client.setIgnoredBranches(owner, name, branches));
    if (flags.boolean('json')) printJson(io, app);
    else {
      const list = app.ignoredBranches ?? branches;
      const label = cleanCell(`${owner}/${name}`, 120);
      const line =
        list.length === 0
          ? `${label} ignores no branch.`
          : `${label} ignores: ${list.map((branch) => cleanCell(branch, 100)).join(', ')}`;
      io.stdout.write(`${guardLogLine(line)}\n`);
    }
    return 0;
  },
};

export const pipelinesList = listCommand<Pipeline>({
  words: ['pipelines', 'list'],
  args: ['<owner/app>'],
  summary: 'List the pipelines of an application (their ids are what `run --pipeline-id` takes).',
  options: pageOptions(),
  examples: ['ci-run pipelines list acme/webapp'],
  request({ flags, positionals }) {
    const { owner, name } = parseAppRef(positionals[0]!);
    const page = pageFlags(flags);
    return (client) => client.listPipelines(owner, name, page);
  },
  table: {
    what: 'pipelines',
    headers: ['ID', 'NAME', 'TYPE', 'CREATED'],
    row: (pipeline) => [
      cleanCell(pipeline.id, 40),
      cleanCell(pipeline.name, 60),
      cleanCell(pipeline.type ?? '', 20),
      formatTime(pipeline.createdAt),
    ],
  },
});
