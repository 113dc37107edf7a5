// The calls the core makes to the CI service, as an interface: the core never sees the ApiClient
// class, so its flow can be tested in-process against a small fake, and the client can change freely.
import type {
  Application,
  Build,
  BuildFilters,
  BuildTrigger,
  PageOptions,
  Pipeline,
  Run,
  RunFilters,
  RunTrigger,
  Step,
  Workflow,
  WorkflowFilters,
} from '../api/types.ts';
import type { ArtifactFrom, ArtifactRead } from '../api/artifact-read.ts';
import type { StepLogRead } from '../api/step-log-read.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** Epoch ms: no retry or backoff goes past it. */
  deadline?: number;
  retry?: { maxAttempts?: number };
}

export interface CiApi {
  /** The normalised API root, ending in `/api/v3`. */
  readonly apiUrl: string;
  /** The largest page the run-like lists take (runs, builds, deploys, workflows). */
  readonly pageSize: number;
  getApplication(owner: string, name: string, call?: CallOptions): Promise<Application>;
  listPipelines(owner: string, name: string, page?: PageOptions, call?: CallOptions): Promise<Pipeline[]>;
  listRuns(filters: RunFilters, call?: CallOptions): Promise<Run[]>;
  getRun(id: string, call?: CallOptions): Promise<Run>;
  getRunSteps(id: string, call?: CallOptions): Promise<Step[]>;
  triggerRun(payload: RunTrigger, call?: CallOptions): Promise<Run>;
  abortRun(id: string, call?: CallOptions): Promise<Run>;
  listBuilds(owner: string, name: string, filters?: BuildFilters, call?: CallOptions): Promise<Build[]>;
  getBuild(id: string, call?: CallOptions): Promise<Build>;
  triggerBuild(payload: BuildTrigger, call?: CallOptions): Promise<Build>;
  abortBuild(id: string, call?: CallOptions): Promise<Build>;
  listWorkflows(filters: WorkflowFilters, call?: CallOptions): Promise<Workflow[]>;
  getWorkflow(id: string, call?: CallOptions): Promise<Workflow>;
  /** The bytes of a step's log as they arrive. */
  openStepLog(logUrl: string, call?: CallOptions): Promise<AsyncIterable<Uint8Array>>;
  /** A step's log from byte `from` on, for following it while it grows. */
  readStepLog(logUrl: string, from: number, call?: CallOptions): Promise<StepLogRead>;
  /**
   * One read of a step's artifacts, whole or (with `from`) the rest of the same version; bounded by the
   * call's signal, not by a time limit of its own.
   */
  readArtifact(
    artifactsUrl: string,
    from: ArtifactFrom | undefined,
    call?: CallOptions,
  ): Promise<ArtifactRead>;
}
