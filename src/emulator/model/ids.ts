import { createHash } from 'node:crypto';

const ID_PATTERN = '^[0-9a-f]{24}$';

/** Deterministic 24-hex ids (MongoDB ObjectId-sized) from a counter, so that tests are reproducible. */
export class IdGenerator {
  #next = 1;
  readonly #taken = new Set<string>();

  next(): string {
    for (;;) {
      const id = `5e${(this.#next++).toString(16).padStart(22, '0')}`;
      if (!this.#taken.has(id)) return id;
    }
  }

  /** Reserves an id given by the world file so that generated ids never collide with it. */
  reserve(id: string): string {
    if (!new RegExp(ID_PATTERN).test(id))
      throw new Error(`id ${JSON.stringify(id)} is not 24 lowercase hex characters`);
    if (this.#taken.has(id)) throw new Error(`id ${id} is used twice`);
    this.#taken.add(id);
    return id;
  }
}

export function isId(value: string): boolean {
  return new RegExp(ID_PATTERN).test(value);
}

/** A stable hex digest, for generated commit hashes, gravatars and trace ids. */
export function digest(text: string, length = 40): string {
  return createHash('sha1').update(text).digest('hex').slice(0, length);
}
