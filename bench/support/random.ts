// A seeded pseudo-random generator (mulberry32), so that every bench and chaos plan can be replayed.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [low, high). */
  between(low: number, high: number): number;
  /** Whole number in [low, high]. */
  integer(low: number, high: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[0.3, 'a'], [0.7, 'b']]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    between: (low, high) => low + (high - low) * next(),
    integer: (low, high) => low + Math.floor(next() * (high - low + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (choices) => {
      const total = choices.reduce((sum, [weight]) => sum + weight, 0);
      let draw = next() * total;
      for (const [weight, value] of choices) {
        draw -= weight;
        if (draw < 0) return value;
      }
      const last = choices.at(-1);
      if (!last) throw new RangeError('weighted pick from an empty list');
      return last[1];
    },
  };
  return random;
}

/** A seed for item `index` of a plan seeded with `seed`: independent streams per item. */
export function derivedSeed(seed: number, index: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0;
}
