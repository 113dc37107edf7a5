// Resources of the CI Service API v3 as the client hands them out: parsed tolerantly
// (see src/api/parse.ts) so that what real servers sent still fits these shapes.

/** Known values plus whatever a server may send; an unknown value is kept as it is. */
export type Status = 'notstarted' | 'started' | 'running' | 'finished' | 'pendingapproval' | (string & {});
export type Result = 'unknown' | 'passed' | 'failed' | 'aborted' | (string & {});

export interface EnvVar {
  key: string;
  value: string;
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

export interface Run {
  id: string;
  url: string;
  branch?: string;
  commitHash?: string;
  message?: string;
  status: Status;
  result: Result;
  /** Percent; undefined when the server sent null or nothing. */
  progress?: number;
  createdAt?: Date;
  startedAt?: Date;
  finishedAt?: Date;
  envVars?: EnvVar[];
  commits?: unknown[];
  user?: User;
  pipeline?: PipelineRef;
  /** From an embedded `sourceRun` object or a `sourceRunId` field, when the server sent one. */
  sourceRunId?: string;
}

export interface Step {
  id: string;
  url?: string;
  order: number;
  /** From `step`, or `displayName` where a real server sent that instead. */
  name: string;
  phase?: string;
  status: Status;
  result: Result;
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

export interface Build {
  id: string;
  url: string;
  status: Status;
  result: Result;
  progress?: number;
  branch?: string;
  commitHash?: string;
  message?: string;
  createdAt?: Date;
  startedAt?: Date;
  finishedAt?: Date;
  application?: ApplicationRef;
}

export interface Deploy {
  id: string;
  url: string;
  status: Status;
  result: Result;
  progress?: number;
  createdAt?: Date;
}

export interface WorkflowItem {
  id: string;
  type?: string;
  status: Status;
  result: Result;
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

export type RunSort = 'creationDateAsc' | 'creationDateDesc';

export interface RunFilters {
  applicationId?: string;
  pipelineId?: string;
  limit?: number;
  skip?: number;
  sort?: RunSort;
  status?: string;
  result?: string;
  branch?: string;
  tag?: string;
  commit?: string;
  sourceRun?: string;
  author?: string;
}

export interface RunTrigger {
  pipelineId: string;
  sourceRunId?: string;
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: EnvVar[];
}

export interface BuildTrigger {
  applicationId: string;
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: EnvVar[];
}

export interface ApplicationListOptions {
  stack?: 1 | 5 | 6 | number;
  limit?: number;
  skip?: number;
  sort?: 'nameAsc' | 'nameDesc' | 'createdAtAsc' | 'createdAtDesc' | 'updatedAtAsc' | 'updatedAtDesc';
}

export interface BuildFilters {
  branch?: string;
  commit?: string;
  result?: string;
  stack?: number;
  status?: string;
  limit?: number;
  skip?: number;
  sort?: RunSort;
}

export interface DeployFilters {
  buildId?: string;
  result?: string;
  stack?: number;
  status?: string;
  limit?: number;
  skip?: number;
  sort?: RunSort;
}

export interface WorkflowFilters {
  applicationId: string;
  limit?: number;
  skip?: number;
  sort?: RunSort;
}

export interface PageOptions {
  limit?: number;
  skip?: number;
}

/** A status is final only when it is `finished`; any other value, known or not, means "not done yet". */
export function isFinished(resource: { status: Status }): boolean {
  return resource.status === 'finished';
}
