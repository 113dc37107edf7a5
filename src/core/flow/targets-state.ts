// With several targets, what post needs of each is kept in one state entry, `targets`, rewritten as any
// target's part changes: the trigger in flight, the run's id, whether it settled, the reports it left open.
import { saveState, type OpenReportsStore, type StateStore, type TargetState } from '../contract.ts';

export class TargetsState {
  readonly #store: StateStore;
  readonly #entries: TargetState[];

  constructor(store: StateStore, count: number) {
    this.#store = store;
    this.#entries = Array.from({ length: count }, () => ({ settled: false }));
  }

  update(index: number, change: Partial<TargetState>): void {
    const next: TargetState = { ...this.#entries[index]!, ...change };
    for (const key of Object.keys(next) as Array<keyof TargetState>) {
      if (next[key] === undefined) delete next[key];
    }
    this.#entries[index] = next;
    saveState(this.#store, 'targets', this.#entries);
  }

  /** Where one target's reports keep what they left open: its own part of the entry. */
  openReportsOf(index: number): OpenReportsStore {
    return { keep: (openReports) => this.update(index, { openReports }) };
  }
}
