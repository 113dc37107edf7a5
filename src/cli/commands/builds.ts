// The classic stack: `builds list <owner/app>`, `deploys list <owner/app>`.
import type { Build, BuildFilters, Deploy, DeployFilters } from '../../api/types.ts';
import { parseAppRef, type Flags, type OptionSpec } from '../flags.ts';
import { formatElapsed, formatTime, shortCommit, stateCell } from '../output.ts';
import { cleanCell } from '../../text/safety.ts';
import { sortedPageFlags, sortedPageOptions, STATE_OPTIONS, stateFlags } from './paging.ts';
import { listCommand } from './reading.ts';

/** The filters and paging flags both lists of the classic stack take. */
const CLASSIC_OPTIONS: Record<string, OptionSpec> = {
  ...STATE_OPTIONS,
  stack: { type: 'string', value: '<n>', description: 'Only this stack (1 or 5).' },
  ...sortedPageOptions(20),
};

/** The values of CLASSIC_OPTIONS. */
function classicFlags(flags: Flags) {
  return { ...stateFlags(flags), stack: flags.integer('stack'), ...sortedPageFlags(flags) };
}

export const buildsList = listCommand<Build>({
  words: ['builds', 'list'],
  args: ['<owner/app>'],
  summary: 'List the classic builds of an application, newest first.',
  options: {
    branch: { type: 'string', value: '<name>', description: 'Builds of this branch.' },
    commit: { type: 'string', value: '<hash>', description: 'Builds of this commit (all 40 characters).' },
    ...CLASSIC_OPTIONS,
  },
  examples: ['ci-run builds list acme/legacy --result failed'],
  request({ flags, positionals }) {
    const { owner, name } = parseAppRef(positionals[0]!);
    const filters: BuildFilters = {
      branch: flags.string('branch'),
      commit: flags.string('commit'),
      ...classicFlags(flags),
    };
    return (client) => client.listBuilds(owner, name, filters);
  },
  table: {
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
  },
});

export const deploysList = listCommand<Deploy>({
  words: ['deploys', 'list'],
  args: ['<owner/app>'],
  summary: 'List the deploys of a classic application, newest first.',
  options: {
    'build-id': { type: 'string', value: '<id>', description: 'Deploys of this build.' },
    ...CLASSIC_OPTIONS,
  },
  examples: ['ci-run deploys list acme/legacy'],
  request({ flags, positionals }) {
    const { owner, name } = parseAppRef(positionals[0]!);
    const filters: DeployFilters = { buildId: flags.string('build-id'), ...classicFlags(flags) };
    return (client) => client.listDeploys(owner, name, filters);
  },
  table: {
    what: 'deploys',
    headers: ['ID', 'STATE', 'CREATED'],
    row: (deploy, style) => [
      cleanCell(deploy.id, 40),
      stateCell(style, deploy),
      formatTime(deploy.createdAt),
    ],
  },
});
