// What the archives being read have come to, as one line at most once a second, for a terminal's progress
// line: without it a large archive is a silent wait. A read that ends within its first second is never
// named, so small archives say nothing; the action gives no place for the line (its log keeps every line).
import type { Clock } from '../../time.ts';
import { formatBytes } from '../report/format.ts';
import { sanitizeLine } from '../../text/safety.ts';

const EVERY_MS = 1000;

/** One archive being read: the bytes so far, and its whole length once an answer says it. */
export interface Download {
  length(bytes: number): void;
  got(bytes: number): void;
  /** The read is over (stored, failed or started over). */
  end(): void;
}

interface Reading {
  name: string;
  /** When its first answer came: an archive waited for (not there yet) is not a long read. */
  startedAt?: number;
  bytes: number;
  length?: number;
}

export class DownloadProgress {
  readonly #clock: Clock;
  readonly #say: (line: string | undefined) => void;
  readonly #reading = new Set<Reading>();
  #saidAt = Number.NEGATIVE_INFINITY;
  /** A line is on show, to be taken away (`say(undefined)`) once no read is left. */
  #showing = false;

  /** `say(undefined)` takes the line away: the reads it spoke of are over. */
  constructor(clock: Clock, say: (line: string | undefined) => void) {
    this.#clock = clock;
    this.#say = say;
  }

  /** A read begins; `name` is how the line names it (`step 3 "store"`). */
  begin(name: string): Download {
    const reading: Reading = { name, bytes: 0 };
    this.#reading.add(reading);
    const answered = () => void (reading.startedAt ??= this.#clock.now());
    return {
      length: (bytes) => {
        answered();
        reading.length = bytes;
      },
      got: (bytes) => {
        answered();
        reading.bytes += bytes;
        const now = this.#clock.now();
        if (now - this.#saidAt >= EVERY_MS) this.#draw(now);
      },
      end: () => {
        this.#reading.delete(reading);
        // The line never speaks of a read that is over: it is drawn again without it, or taken away.
        if (this.#showing) this.#draw(this.#clock.now());
      },
    };
  }

  #draw(now: number): void {
    const long = [...this.#reading].filter(
      (reading) => reading.startedAt !== undefined && now - reading.startedAt >= EVERY_MS,
    );
    if (long.length === 0) {
      if (this.#showing) this.#say(undefined);
      this.#showing = false;
      return;
    }
    this.#saidAt = now;
    this.#showing = true;
    this.#say(`Reading artifacts: ${long.map(describe).join(' · ')}`);
  }
}

function describe({ name, bytes, length }: Reading): string {
  const shown = sanitizeLine(name, { maxLength: 100 });
  if (length === undefined || length <= 0) return `${shown} ${formatBytes(bytes)}`;
  const percent = Math.min(100, Math.floor((bytes * 100) / length));
  return `${shown} ${formatBytes(bytes)} of ${formatBytes(length)} (${percent}%)`;
}
