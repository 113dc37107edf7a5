// The records the world is made of: users, applications, pipelines, the executions (runs, builds,
// deploys) and the workflows that group runs.
import type { Plan, PlannedStep, ScriptStep } from './timeline.ts';

export interface EnvVar {
  key: string;
  value: string;
}

export interface UserRecord {
  id: string;
  username: string;
  name: string;
  token?: string;
  serviceEmployee: boolean;
  /** Usernames of the members, for an organisation. */
  members?: Set<string>;
}

export interface Commit {
  commitHash: string;
  message: string;
}

export interface AppRecord {
  id: string;
  owner: UserRecord;
  name: string;
  stack: number;
  privacy: 'public' | 'private';
  createdAt: number;
  updatedAt: number;
  defaultBranch: string;
  ignoredBranches: string[];
  branches: Record<string, Commit>;
  pipelines: PipelineRecord[];
  buildSteps: ScriptStep[];
  queueMs: number;
  autoDeploy: boolean;
  deploySteps: ScriptStep[];
}

export interface PipelineRecord {
  id: string;
  app: AppRecord;
  name: string;
  type: string;
  permissions: string;
  setScmProviderStatus: boolean;
  createdAt: number;
  queueMs: number;
  steps: ScriptStep[];
  chains: string[];
}

interface ExecutionBase {
  id: string;
  plan: Plan;
  abortedAt?: number;
  /** Set once the end has been applied (chain started, deploy created). */
  settled: boolean;
}

/** What a run and a build both hold: who triggered them, on which commit, with which variables. */
interface TriggeredExecution extends ExecutionBase {
  app: AppRecord;
  user: UserRecord;
  branch: string;
  commitHash: string;
  message: string;
  envVars: EnvVar[];
}

/** A commit of a push, as a run triggered by it lists them. */
export interface CommitEntry {
  _id: string;
  commit: string;
  message: string;
  by: string;
}

export interface RunRecord extends TriggeredExecution {
  kind: 'run';
  /** The pushed commits of a run started by a push (and of the runs it chains); absent when the API triggered it. */
  commits?: CommitEntry[];
  pipeline: PipelineRecord;
  /** Variables whose EMULATOR_* switches steer this run: its own, after those inherited from its source run. */
  switchEnv: EnvVar[];
  tag?: string;
  sourceRun?: RunRecord;
  workflow: WorkflowRecord;
}

export interface BuildRecord extends TriggeredExecution {
  kind: 'build';
}

export interface DeployRecord extends ExecutionBase {
  kind: 'deploy';
  app: AppRecord;
  build: BuildRecord;
}

export type Execution = RunRecord | BuildRecord | DeployRecord;

export interface WorkflowItemRecord {
  id: string;
  pipeline: PipelineRecord;
  parentItemId?: string;
  run?: RunRecord;
}

export interface WorkflowRecord {
  id: string;
  app: AppRecord;
  user: UserRecord;
  createdAt: number;
  trigger: 'git' | 'workflow';
  data: { branch: string; commitHash?: string; message: string; sourceRunId?: string };
  items: WorkflowItemRecord[];
}

export interface StepRef {
  owner: Execution;
  step: PlannedStep;
}

/** What every trigger may say besides what it triggers and for whom: the commit and the variables. */
export interface TriggerOptions {
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: EnvVar[];
}

export interface RunTriggerInput extends TriggerOptions {
  pipeline: PipelineRecord;
  user: UserRecord;
  /** Started by a push (the world's history) rather than through the API. */
  pushed?: boolean;
  sourceRun?: RunRecord;
  tag?: string;
}

export interface BuildTriggerInput extends TriggerOptions {
  app: AppRecord;
  user: UserRecord;
}
