// Resources of the CI Service API v3 as the client hands them out: parsed tolerantly, so that what
// real servers sent still fits these shapes, and checked, so that ids, URLs, statuses and results
// hold only the forms given here (see src/api/parse.ts).

import type { APPLICATION_SORTS, CREATION_SORTS } from '../spec/api-v3.ts';
import type { WholeText } from './remote-text.ts';

/** Every status a server may report; a value the parser does not know is read as `unknown`. */
export const STATUSES = [
  'notstarted',
  'started',
  'running',
  'finished',
  'pendingapproval',
  'unknown',
] as const;
export type Status = (typeof STATUSES)[number];
/** Every result; a value the parser does not know is read as `unknown` (see `rawResult`). */
export const RESULTS = ['unknown', 'passed', 'failed', 'aborted'] as const;
export type Result = (typeof RESULTS)[number];

/** How far a run, build, deploy, step or workflow item got. */
interface State {
  status: Status;
  result: Result;
  /**
   * The server's result when it was a string outside RESULTS (then `result` is `unknown`), cut to
   * 200 characters. Remote text: show it only through sanitizeLine.
   */
  rawResult?: string;
}

export interface EnvVar {
  key: string;
  value: string;
}

/** An env var a server sent: key and value clipped to 4 KiB (remote-text.ts), with what a cut one was. */
export interface RemoteEnvVar extends EnvVar {
  whole?: { key?: WholeText; value?: WholeText };
}

/** What the texts that identify a run or a build were, for those cut at parse (remote-text.ts). */
export interface IdentityWhole {
  branch?: WholeText;
  commitHash?: WholeText;
  message?: WholeText;
}

export interface User {
  userId?: string | null;
  name?: string;
  type?: string;
  username?: string;
}

export interface PipelineRef {
  id: string;
  url?: string;
  name?: string;
  pipelineName?: string;
  type?: string;
  permissions?: string;
  setScmProviderStatus?: boolean;
  createdAt?: Date;
}

export interface Run extends State {
  id: string;
  url: string;
  branch?: string;
  commitHash?: string;
  message?: string;
  /** Whole percent from 0 to 100; undefined when the server sent null, nothing or anything else. */
  progress?: number;
  createdAt?: Date;
  startedAt?: Date;
  finishedAt?: Date;
  envVars?: RemoteEnvVar[];
  commits?: unknown[];
  /** What `branch`, `commitHash` and `message` were, for those cut at parse (each text holds 4 KiB at most). */
  whole?: IdentityWhole;
  user?: User;
  pipeline?: PipelineRef;
  /** From an embedded `sourceRun` object or a `sourceRunId` field, when the server sent one. */
  sourceRunId?: string;
}

export interface Step extends State {
  id: string;
  url?: string;
  order: number;
  /** From `step`, or `displayName` where a real server sent that instead. */
  name: string;
  phase?: string;
  createdAt?: Date;
  startedAt?: Date;
  finishedAt?: Date;
  logUrl?: string;
  artifactsUrl?: string | null;
}

export interface ApplicationRef {
  id: string;
  url: string;
  name: string;
  owner?: User;
  privacy?: string;
  stack?: number;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface Application extends ApplicationRef {
  builds?: string;
  deploys?: string;
  scm?: { repository?: string; owner?: string; type?: string };
  ignoredBranches?: string[];
}

export interface Build extends State {
  id: string;
  url: string;
  progress?: number;
  branch?: string;
  commitHash?: string;
  message?: string;
  createdAt?: Date;
  startedAt?: Date;
  finishedAt?: Date;
  application?: ApplicationRef;
  /** As on a run. */
  whole?: IdentityWhole;
}

export interface Deploy extends State {
  id: string;
  url: string;
  progress?: number;
  createdAt?: Date;
}

export interface WorkflowItem extends State {
  id: string;
  type?: string;
  progress?: number;
  updatedAt?: Date;
  /** Absent while the item has not started (and forever when an upstream run failed). */
  runId?: string;
  pipelineId?: string;
  targetName?: string;
  restricted?: boolean;
  currentStep?: number;
  totalSteps?: number;
  stepName?: string;
  parentItem?: string;
}

export interface Workflow {
  id: string;
  url: string;
  trigger?: string;
  createdAt?: Date;
  startedAt?: Date;
  updatedAt?: Date;
  data?: { branch?: string; commitHash?: string; message?: string; sourceRunId?: string };
  items: WorkflowItem[];
  user?: User;
  application?: ApplicationRef;
}

export interface Pipeline {
  id: string;
  url?: string;
  name: string;
  pipelineName?: string;
  type?: string;
  permissions?: string;
  createdAt?: Date;
}

export type RunSort = (typeof CREATION_SORTS)[number];
type ApplicationSort = (typeof APPLICATION_SORTS)[number];

export interface PageOptions {
  limit?: number;
  skip?: number;
}

interface SortedPageOptions extends PageOptions {
  sort?: RunSort;
}

export interface RunFilters extends SortedPageOptions {
  applicationId?: string;
  pipelineId?: string;
  status?: string;
  result?: string;
  branch?: string;
  tag?: string;
  commit?: string;
  sourceRun?: string;
  author?: string;
}

/** What run and build triggers both send. */
interface TriggerOptions {
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: EnvVar[];
}

export interface RunTrigger extends TriggerOptions {
  pipelineId: string;
  sourceRunId?: string;
}

export interface BuildTrigger extends TriggerOptions {
  applicationId: string;
}

export interface ApplicationListOptions extends PageOptions {
  stack?: 1 | 5 | 6 | number;
  sort?: ApplicationSort;
}

/** What both lists of the classic stack filter by. */
interface ClassicFilters extends SortedPageOptions {
  result?: string;
  stack?: number;
  status?: string;
}

export interface BuildFilters extends ClassicFilters {
  branch?: string;
  commit?: string;
}

export interface DeployFilters extends ClassicFilters {
  buildId?: string;
}

export interface WorkflowFilters extends SortedPageOptions {
  applicationId: string;
}

/** A status is final only when it is `finished`; any other value, known or not, means "not done yet". */
export function isFinished(resource: { status: Status }): boolean {
  return resource.status === 'finished';
}
