// The few GitHub REST calls the reports make, bound to one repository and commit. The Octokit
// implementation is in octokit-api.ts; tests of the sinks can hand in a plain object.

export type CommitState = 'pending' | 'success' | 'failure' | 'error';
export type CheckConclusion = 'success' | 'failure' | 'cancelled' | 'timed_out';
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error';

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure';
  title: string;
  message: string;
}

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

export interface GitHubApi {
  createStatus(status: {
    state: CommitState;
    context: string;
    description: string;
    target_url?: string;
  }): Promise<void>;
  createCheckRun(
    fields: CheckRunFields & { name: string; external_id: string; started_at: string },
  ): Promise<number>;
  updateCheckRun(id: number, fields: CheckRunFields): Promise<void>;
  /** The check run of this name on the commit whose `external_id` is the given one. */
  findCheckRun(name: string, externalId: string): Promise<number | undefined>;
  createDeployment(deployment: { environment: string; description: string; runId: string }): Promise<number>;
  /** The deployment to this environment of the commit that was made for the given remote run. */
  findDeployment(environment: string, runId: string): Promise<number | undefined>;
  createDeploymentStatus(
    id: number,
    status: { state: DeploymentState; description: string; log_url?: string },
  ): Promise<void>;
}
