// An in-memory GitHub behind the reports' port, for in-process tests on virtual time: it keeps what a
// repository would hold and fails calls on request, the way Octokit reports failures.
import type {
  CheckAnnotation,
  CheckRunFields,
  CommitStatus,
  DeploymentStatus,
  GitHubApi,
  NewCheckRun,
  NewDeployment,
} from '../../src/github/port.ts';

type Method = keyof GitHubApi;

export interface CheckRunRecord extends NewCheckRun {
  id: number;
  updates: CheckRunFields[];
  /** Every update's annotations, appended as GitHub does. */
  annotations: CheckAnnotation[];
}

/** A failure as Octokit throws it: `status` 500 without headers when no answer came. */
export function httpFailure(
  status: number,
  headers: Record<string, string> = {},
  message = `HTTP ${status}`,
) {
  return Object.assign(new Error(message), { status, response: { headers } });
}

type Fault = { error: unknown; afterEffect?: boolean };

export class MemoryGitHub implements GitHubApi {
  readonly statuses: CommitStatus[] = [];
  readonly checkRuns: CheckRunRecord[] = [];
  readonly deployments: Array<NewDeployment & { id: number; statuses: DeploymentStatus[] }> = [];
  readonly calls: Method[] = [];
  readonly #faults: Array<{ method: Method; fault: Fault; times: number }> = [];
  #next = 100;

  /** The next `times` calls of `method` fail; with `afterEffect`, they take effect first (a lost answer). */
  fail(method: Method, error: unknown, times = 1, afterEffect = false): void {
    this.#faults.push({ method, fault: { error, afterEffect }, times });
  }

  count(method: Method): number {
    return this.calls.filter((call) => call === method).length;
  }

  async createStatus(status: CommitStatus) {
    await this.#call('createStatus', () => void this.statuses.push(status));
  }

  async createCheckRun(fields: NewCheckRun) {
    return this.#call('createCheckRun', () => {
      const record = {
        ...fields,
        id: this.#next++,
        updates: [],
        annotations: [...(fields.output?.annotations ?? [])],
      };
      this.checkRuns.push(record);
      return record.id;
    });
  }

  async updateCheckRun(id: number, fields: CheckRunFields) {
    await this.#call('updateCheckRun', () => {
      const record = this.checkRuns.find((run) => run.id === id);
      if (!record) throw httpFailure(404);
      if ((fields.output?.annotations?.length ?? 0) > 50) throw httpFailure(422);
      if ((fields.output?.summary.length ?? 0) > 65_535) throw httpFailure(422);
      record.updates.push(fields);
      record.annotations.push(...(fields.output?.annotations ?? []));
    });
  }

  async listCheckRunAnnotations(id: number) {
    return this.#call('listCheckRunAnnotations', () => {
      const record = this.checkRuns.find((run) => run.id === id);
      if (!record) throw httpFailure(404);
      return [...record.annotations];
    });
  }

  async findCheckRun(name: string, externalId: string) {
    return this.#call(
      'findCheckRun',
      () => this.checkRuns.find((run) => run.name === name && run.external_id === externalId)?.id,
    );
  }

  async createDeployment(deployment: NewDeployment) {
    return this.#call('createDeployment', () => {
      const record = { ...deployment, id: this.#next++, statuses: [] };
      this.deployments.push(record);
      return record.id;
    });
  }

  async findDeployment(environment: string, runId: string) {
    return this.#call(
      'findDeployment',
      () => this.deployments.find((d) => d.environment === environment && d.runId === runId)?.id,
    );
  }

  async createDeploymentStatus(id: number, status: DeploymentStatus) {
    await this.#call('createDeploymentStatus', () => {
      const record = this.deployments.find((d) => d.id === id);
      if (!record) throw httpFailure(404);
      record.statuses.push(status);
    });
  }

  /** The last state of each report, as a reader of the commit would see it. */
  lastStatus(): CommitStatus | undefined {
    return this.statuses.at(-1);
  }

  checkRunState(id: number): CheckRunFields {
    const record = this.checkRuns.find((run) => run.id === id)!;
    return Object.assign(
      { status: record.status, output: record.output },
      ...record.updates,
    ) as CheckRunFields;
  }

  async #call<T>(method: Method, effect: () => T): Promise<T> {
    this.calls.push(method);
    await Promise.resolve();
    const index = this.#faults.findIndex((entry) => entry.method === method);
    if (index >= 0) {
      const entry = this.#faults[index]!;
      if (--entry.times <= 0) this.#faults.splice(index, 1);
      if (entry.fault.afterEffect) effect();
      throw entry.fault.error;
    }
    return effect();
  }
}
