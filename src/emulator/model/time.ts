// The world clock: world time moves with real time times `speed`, plus manual advances.
// Nothing runs in the background; the world reads the clock whenever it is asked something.

export class WorldClock {
  #anchorWorld: number;
  #anchorReal: number;
  #speed: number;
  readonly #realNow: () => number;

  constructor(startAt: number, speed: number, realNow: () => number = Date.now) {
    assertSpeed(speed);
    this.#realNow = realNow;
    this.#anchorWorld = startAt;
    this.#anchorReal = realNow();
    this.#speed = speed;
  }

  now(): number {
    return Math.floor(this.#anchorWorld + (this.#realNow() - this.#anchorReal) * this.#speed);
  }

  get speed(): number {
    return this.#speed;
  }

  setSpeed(speed: number): void {
    assertSpeed(speed);
    this.#anchorWorld = this.now();
    this.#anchorReal = this.#realNow();
    this.#speed = speed;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    this.#anchorWorld += ms;
  }
}

function assertSpeed(speed: number): void {
  if (!Number.isFinite(speed) || speed < 0) throw new RangeError(`speed must be a number >= 0, got ${speed}`);
}

/** ISO 8601 UTC with milliseconds, as the API sends every timestamp. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Go's `time.String()` layout, as the real run-trigger backend sent it:
 * `2017-07-04 22:43:55.359468446 +0000 UTC`, trailing zeros of the fraction trimmed.
 */
export function goTime(ms: number, extraNanos = 0): string {
  const date = new Date(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const nanos = date.getUTCMilliseconds() * 1_000_000 + (extraNanos % 1_000_000);
  const fraction = nanos === 0 ? '' : `.${pad(nanos, 9).replace(/0+$/, '')}`;
  return `${day} ${clock}${fraction} +0000 UTC`;
}
