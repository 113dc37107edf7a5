// The few GitHub REST calls the reports make, bound to one repository and commit. The Octokit
// implementation is in octokit-api.ts; tests of the sinks can hand in a plain object.

type CommitState = 'pending' | 'success' | 'failure' | 'error';
export type CheckConclusion = 'success' | 'failure' | 'cancelled' | 'timed_out';
type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error';

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure';
  title: string;
  message: string;
}

/** An annotation as GitHub lists it back (fields it was not given are null). */
export type HeldAnnotation = Pick<CheckAnnotation, 'path' | 'start_line' | 'end_line'> & {
  annotation_level: string | null;
  title: string | null;
  message: string | null;
};

export interface CheckOutput {
  title: string;
  summary: string;
  annotations?: CheckAnnotation[];
}

export interface CheckRunFields {
  details_url?: string;
  output?: CheckOutput;
  status?: 'in_progress' | 'completed';
  conclusion?: CheckConclusion;
  completed_at?: string;
}

/** Every call takes a signal that ends it (the report writer's deadline). */
export interface GitHubApi {
  createStatus(status: CommitStatus, signal?: AbortSignal): Promise<void>;
  createCheckRun(fields: NewCheckRun, signal?: AbortSignal): Promise<number>;
  updateCheckRun(id: number, fields: CheckRunFields, signal?: AbortSignal): Promise<void>;
  /** Every annotation the check run holds, oldest first. */
  listCheckRunAnnotations(id: number, signal?: AbortSignal): Promise<HeldAnnotation[]>;
  /** The check run of this name on the commit whose `external_id` is the given one. */
  findCheckRun(name: string, externalId: string, signal?: AbortSignal): Promise<number | undefined>;
  createDeployment(deployment: NewDeployment, signal?: AbortSignal): Promise<number>;
  /** The deployment to this environment of the commit that was made for the given remote run. */
  findDeployment(environment: string, runId: string, signal?: AbortSignal): Promise<number | undefined>;
  createDeploymentStatus(id: number, status: DeploymentStatus, signal?: AbortSignal): Promise<void>;
}

export interface CommitStatus {
  state: CommitState;
  context: string;
  description: string;
  target_url?: string;
}

export type NewCheckRun = CheckRunFields & { name: string; external_id: string; started_at: string };

export interface NewDeployment {
  environment: string;
  description: string;
  runId: string;
}

export interface DeploymentStatus {
  state: DeploymentState;
  description: string;
  log_url?: string;
}
