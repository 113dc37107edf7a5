// A small seeded pseudo-random generator (SplitMix32-style), so every corpus is reproducible.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [low, high). */
  between(low: number, high: number): number;
  /** Log-uniform in [low, high). */
  logBetween(low: number, high: number): number;
  /** Standard normal. */
  normal(): number;
  /** Integer in [low, high]. */
  integer(low: number, high: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z / 4294967296;
  };
  const random: Random = {
    next,
    between: (low, high) => low + (high - low) * next(),
    logBetween: (low, high) => Math.exp(random.between(Math.log(low), Math.log(high))),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    integer: (low, high) => low + Math.floor(next() * (high - low + 1)),
    chance: (p) => next() < p,
  };
  return random;
}
