// The classic stack: `builds list <owner/app>`, `deploys list <owner/app>`.
import type { BuildFilters, DeployFilters, RunSort } from '../../api/types.ts';
import type { CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import { parseAppRef } from '../flags.ts';
import {
  formatElapsed,
  formatTime,
  nothingFound,
  printJson,
  renderTable,
  shortCommit,
  stateCell,
  stdoutStyle,
} from '../output.ts';
import { cleanCell } from '../terminal/clean.ts';
import { pageOptions } from './paging.ts';

const STATE_FILTERS = {
  status: { type: 'string', value: '<status>', description: 'notstarted, running, finished, …' },
  result: { type: 'string', value: '<result>', description: 'passed, failed, aborted or unknown.' },
  stack: { type: 'string', value: '<n>', description: 'Only this stack (1 or 5).' },
} as const;

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
      limit: flags.integer('limit'),
      skip: flags.integer('skip'),
      sort: flags.string('sort') as RunSort | undefined,
    };
    const builds = await withClient(flags, io, (client) => client.listBuilds(owner, name, filters));
    if (flags.boolean('json')) printJson(io, builds);
    else if (builds.length === 0) nothingFound(io, 'builds');
    else {
      const style = stdoutStyle(io);
      io.stdout.write(
        renderTable(
          style,
          ['ID', 'BRANCH', 'COMMIT', 'STATE', 'CREATED', 'DURATION', 'MESSAGE'],
          builds.map((build) => [
            cleanCell(build.id, 40),
            cleanCell(build.branch ?? '', 30),
            shortCommit(build.commitHash),
            stateCell(style, build),
            formatTime(build.createdAt),
            formatElapsed(build.startedAt, build.finishedAt),
            cleanCell(build.message ?? '', 50),
          ]),
        ),
      );
    }
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
      limit: flags.integer('limit'),
      skip: flags.integer('skip'),
      sort: flags.string('sort') as RunSort | undefined,
    };
    const deploys = await withClient(flags, io, (client) => client.listDeploys(owner, name, filters));
    if (flags.boolean('json')) printJson(io, deploys);
    else if (deploys.length === 0) nothingFound(io, 'deploys');
    else {
      const style = stdoutStyle(io);
      io.stdout.write(
        renderTable(
          style,
          ['ID', 'STATE', 'CREATED'],
          deploys.map((deploy) => [
            cleanCell(deploy.id, 40),
            stateCell(style, deploy),
            formatTime(deploy.createdAt),
          ]),
        ),
      );
    }
    return 0;
  },
};
