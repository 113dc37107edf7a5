// Every command, in the order the main help lists them.
import type { CommandSpec } from '../command.ts';
import { abort } from './abort.ts';
import { artifacts } from './artifacts.ts';
import { appGet, appIgnoreBranches, appsList, pipelinesList } from './apps.ts';
import { buildsList, deploysList } from './builds.ts';
import { emulator } from './emulator.ts';
import { logs } from './logs.ts';
import { run } from './run.ts';
import { runGet, runsList, steps } from './runs.ts';
import { workflowsGet, workflowsList } from './workflows.ts';

export const COMMANDS: readonly CommandSpec[] = [
  run,
  abort,
  runsList,
  runGet,
  steps,
  logs,
  artifacts,
  appsList,
  appGet,
  appIgnoreBranches,
  pipelinesList,
  buildsList,
  deploysList,
  workflowsList,
  workflowsGet,
  emulator,
];
