// Which GitHub reports main opened and has not finished yet, kept in the post entry's state: after a
// SIGKILL, post finishes them. A report left open on purpose (`wait: false`) is not listed.
import { saveState, type OpenReportsState, type StateStore } from '../core/contract.ts';

export class OpenReports {
  private current: OpenReportsState = {};
  private readonly store: StateStore;

  constructor(store: StateStore) {
    this.store = store;
  }

  mark(change: OpenReportsState): void {
    this.current = { ...this.current, ...change };
    this.save();
  }

  close(part: 'status' | 'checkRunId' | 'deploymentId'): void {
    if (this.current[part] === undefined) return;
    const rest = { ...this.current };
    delete rest[part];
    this.current = rest;
    this.save();
  }

  private save(): void {
    const { status, checkRunId, deploymentId } = this.current;
    const anyOpen = status === true || checkRunId !== undefined || deploymentId !== undefined;
    saveState(this.store, 'githubReports', anyOpen ? this.current : undefined);
  }
}
