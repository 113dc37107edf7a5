// Several targets trigger all together or not at all: each waits, once resolved, until every target is.
// Only then can two lines naming one pipeline in different forms (a `pipeline-id` and a `pipeline` name)
// be seen, and a line that cannot be resolved (a misspelt name) stops the others before anything runs.
import type { Resolved } from '../resolve.ts';

export class ResolutionGate {
  readonly #labels: readonly string[];
  readonly #joined: Array<Promise<Resolved> | undefined>;
  readonly #all: Promise<PromiseSettledResult<Resolved>[]>;
  #everyone!: () => void;

  constructor(labels: readonly string[]) {
    this.#labels = labels;
    this.#joined = labels.map(() => undefined);
    const everyone = new Promise<void>((resolve) => (this.#everyone = resolve));
    this.#all = everyone.then(() => Promise.allSettled(this.#joined as Array<Promise<Resolved>>));
  }

  /** Waits for every target; throws when this one must not be triggered because of another. */
  async join(index: number, resolving: Promise<Resolved>): Promise<void> {
    // Its failure is the target's own error, thrown where it resolves; here it is only looked at.
    resolving.catch(() => undefined);
    this.#joined[index] = resolving;
    if (this.#joined.every((joined) => joined !== undefined)) this.#everyone();
    const results = await this.#all;
    const own = results[index]!;
    if (own.status === 'rejected') return;
    const failed = results.findIndex((result) => result.status === 'rejected');
    if (failed >= 0) {
      throw new Error(
        `Not triggered: ${this.#labels[failed]} could not be resolved (its error says why), and the ` +
          'targets of a step are triggered all together or not at all.',
      );
    }
    const samePipeline = this.#samePipeline(results as Array<PromiseFulfilledResult<Resolved>>);
    if (samePipeline) throw new Error(samePipeline);
  }

  #samePipeline(results: ReadonlyArray<PromiseFulfilledResult<Resolved>>): string | undefined {
    const first = new Map<string, number>();
    for (const [index, { value }] of results.entries()) {
      if (value.kind !== 'run') continue;
      const earlier = first.get(value.pipelineId);
      if (earlier !== undefined) {
        return (
          `Inputs \`pipeline\` and \`pipeline-id\`: ${this.#labels[earlier]} and ${this.#labels[index]} are the same ` +
          `pipeline (${value.pipelineId}); nothing was triggered. List each pipeline once.`
        );
      }
      first.set(value.pipelineId, index);
    }
    return undefined;
  }
}
