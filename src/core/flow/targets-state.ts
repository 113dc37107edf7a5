// With several targets, what post needs of each is kept in one state entry, `targets`, rewritten as any
// target's part changes: the trigger in flight, the run's id, whether it settled, its open GitHub reports.
import { saveState, type StateStore, type TargetState } from '../contract.ts';

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

  /** A state store for one target's GitHub reports: what they save lands in its entry. */
  storeFor(index: number): StateStore {
    return {
      save: (key, value) => {
        if (key === 'githubReports') {
          this.update(
            index,
            value
              ? { githubReports: JSON.parse(value) as TargetState['githubReports'] }
              : {
                  githubReports: undefined,
                },
          );
        }
      },
      get: () => '',
    };
  }
}
