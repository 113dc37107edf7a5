// The classic stack: `builds list <owner/app>`, `deploys list <owner/app>`.
import type { Build, BuildFilters, Deploy, DeployFilters } from '../../api/types.ts';
import type { CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import { parseAppRef } from '../flags.ts';
import { formatElapsed, formatTime, printList, shortCommit, stateCell, type TableSpec } from '../output.ts';
import { cleanCell } from '../../text/safety.ts';
import { pageFlags, pageOptions } from './paging.ts';

const STATE_FILTERS = {
  status: { type: 'string', value: '<status>', description: 'notstarted, running, finished, …' },
  result: { type: 'string', value: '<result>', description: 'passed, failed, aborted or unknown.' },
  stack: { type: 'string', value: '<n>', description: 'Only this stack (1 or 5).' },
} as const;

const BUILD_TABLE: TableSpec<Build> = {
  what: 'builds',
  headers: ['ID', 'BRANCH', 'COMMIT', 'STATE', 'CREATED', 'DURATION', 'MESSAGE'],
  row: (build, style) => [
    cleanCell(build.id, 40),
    cleanCell(build.branch ?? '', 30),
    shortCommit(build.commitHash),
    stateCell(style, build),
    formatTime(build.createdAt),
    formatElapsed(build.startedAt, build.finishedAt),
    cleanCell(build.message ?? '', 50),
  ],
};

const DEPLOY_TABLE: TableSpec<Deploy> = {
  what: 'deploys',
  headers: ['ID', 'STATE', 'CREATED'],
  row: (deploy, style) => [cleanCell(deploy.id, 40), stateCell(style, deploy), formatTime(deploy.createdAt)],
};

export const buildsList: CommandSpec = {
  words: ['builds', 'list'],
  args: ['<owner/app>'],
  positionals: { min: 1, max: 1 },
  summary: 'List the classic builds of an application, newest first.',
  options: {
    branch: { type: 'string', value: '<name>', description: 'Builds of this branch.' },
    commit: { type: 'string', value: '<hash>', description: 'Builds of this commit (all 40 characters).' },
    ...STATE_FILTERS,
    ...pageOptions(20),
  },
  examples: ['ci-run builds list acme/legacy --result failed'],
  async run({ flags, positionals }, io) {
    const { owner, name } = parseAppRef(positionals[0]!);
    const filters: BuildFilters = {
      branch: flags.string('branch'),
      commit: flags.string('commit'),
      status: flags.string('status'),
      result: flags.string('result'),
      stack: flags.integer('stack'),
      ...pageFlags(flags),
    };
    const builds = await withClient(flags, io, (client) => client.listBuilds(owner, name, filters));
    printList(io, flags.boolean('json'), builds, BUILD_TABLE);
    return 0;
  },
};

export const deploysList: CommandSpec = {
  words: ['deploys', 'list'],
  args: ['<owner/app>'],
  positionals: { min: 1, max: 1 },
  summary: 'List the deploys of a classic application, newest first.',
  options: {
    'build-id': { type: 'string', value: '<id>', description: 'Deploys of this build.' },
    ...STATE_FILTERS,
    ...pageOptions(20),
  },
  examples: ['ci-run deploys list acme/legacy'],
  async run({ flags, positionals }, io) {
    const { owner, name } = parseAppRef(positionals[0]!);
    const filters: DeployFilters = {
      buildId: flags.string('build-id'),
      status: flags.string('status'),
      result: flags.string('result'),
      stack: flags.integer('stack'),
      ...pageFlags(flags),
    };
    const deploys = await withClient(flags, io, (client) => client.listDeploys(owner, name, filters));
    printList(io, flags.boolean('json'), deploys, DEPLOY_TABLE);
    return 0;
  },
};
