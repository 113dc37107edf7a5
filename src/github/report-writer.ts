// Writes one GitHub report's requests in order, in the background, so following never waits on GitHub.
// A write that is queued behind another of the same key is replaced (only the newest state matters);
// failures are retried until the writer's deadline; a denied permission stops the report for the run. A key
// counts as written only once its newest write has landed.
import type { Log } from '../core/ports.ts';
import type { Clock, Sleep } from '../time.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';
import { classify } from './failures.ts';
import { permissionHelp } from './permissions.ts';
import type { ReportKind } from './settings.ts';

/**
 * `retry`: an earlier attempt of this write may have taken effect (its answer was lost). `signal` ends
 * the request at the writer's deadline.
 */
export type Write = (retry: boolean, signal: AbortSignal) => Promise<void>;

export interface WriterDeps {
  clock: Clock;
  sleep: Sleep;
  log: Log;
}

interface Job {
  key: string;
  write: Write;
  superseded: boolean;
}

const FIRST_BACKOFF_MS = 1000;
/** No single request waits longer than this. */
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 15_000;
/** While following, how long one write may keep trying. */
const WRITE_PATIENCE_MS = 120_000;

export class ReportWriter {
  private readonly pending: Job[] = [];
  /** Keys whose newest write has not landed: queued, in flight, given up, refused, or cut short. */
  private readonly unwritten = new Set<string>();
  private current: Job | undefined;
  private loop: Promise<void> | undefined;
  private deadline: number | undefined;
  private wake = new AbortController();
  private denied = false;
  private hurry: AbortSignal | undefined;
  private readonly kind: ReportKind;
  private readonly deps: WriterDeps;
  private readonly onDenied: (() => void) | undefined;

  /**
   * `onDenied`: the report was stopped for the run, and is not left open for post either: post writes with
   * the same token and would only be refused again, with the same warning a second time.
   */
  constructor(kind: ReportKind, deps: WriterDeps, onDenied?: () => void) {
    this.kind = kind;
    this.deps = deps;
    this.onDenied = onDenied;
  }

  /** Whether the report was stopped for the run (no permission, or a token GitHub refused). */
  get stopped(): boolean {
    return this.denied;
  }

  enqueue(key: string, write: Write): void {
    if (this.denied) return;
    const job: Job = { key, write, superseded: false };
    this.unwritten.add(key);
    const queued = this.pending.findIndex((other) => other.key === key);
    if (queued >= 0) this.pending[queued] = job;
    else this.pending.push(job);
    if (this.current?.key === key) {
      this.current.superseded = true;
      this.poke();
    }
    this.loop ??= this.work();
  }

  /** Whether the newest write of `key` landed (true for a key never written). */
  written(key: string): boolean {
    return !this.unwritten.has(key);
  }

  /**
   * Waits for every queued write; from now on no retry starts, and no request lasts, past `deadline`
   * (epoch ms). `hurry` gives up at once. True when every key's newest write landed: not when one gave up
   * at the deadline, was refused, or was cut short, nor when the report was stopped.
   */
  async drain(deadline: number, hurry?: AbortSignal): Promise<boolean> {
    this.deadline = deadline;
    this.hurry = hurry;
    hurry?.addEventListener('abort', () => this.poke(), { once: true });
    this.poke();
    if (hurry?.aborted) return false;
    const gaveUp = new Promise<void>((resolve) =>
      hurry?.addEventListener('abort', () => resolve(), { once: true }),
    );
    await Promise.race([this.loop ?? Promise.resolve(), gaveUp]);
    return this.unwritten.size === 0;
  }

  private async work(): Promise<void> {
    while (!this.denied) {
      const job = this.pending.shift();
      if (!job) break;
      this.current = job;
      await this.attempt(job);
      this.current = undefined;
    }
    this.loop = undefined;
  }

  private async attempt(job: Job): Promise<void> {
    const started = this.deps.clock.now();
    let backoff = FIRST_BACKOFF_MS;
    let retry = false;
    for (;;) {
      try {
        await job.write(retry, this.requestSignal(started));
        // A newer write of the key is queued: the key is written when that one lands.
        if (!job.superseded) this.unwritten.delete(job.key);
        return;
      } catch (error) {
        if (this.hurry?.aborted) return;
        const failure = classify(error, this.deps.clock.now());
        if (failure.kind === 'denied') return this.deny(failure.status, error);
        if (failure.kind === 'refused') return this.refused(failure.status, error);
        retry ||= failure.unknownOutcome;
        const waitMs = Math.min(failure.waitMs ?? backoff, WRITE_PATIENCE_MS);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        const limit = this.deadline ?? started + WRITE_PATIENCE_MS;
        if (job.superseded || this.deps.clock.now() + waitMs > limit) {
          if (!job.superseded) this.gaveUp(error);
          return;
        }
        await this.deps.sleep(waitMs, this.wake.signal).catch(() => {});
        if (this.hurry?.aborted) return;
      }
    }
  }

  private requestSignal(started: number): AbortSignal {
    const left = (this.deadline ?? started + WRITE_PATIENCE_MS) - this.deps.clock.now();
    const timeout = AbortSignal.timeout(Math.max(1, Math.min(REQUEST_TIMEOUT_MS, left)));
    return this.hurry ? AbortSignal.any([timeout, this.hurry]) : timeout;
  }

  /** Sleeping retries look again at the deadline and at whether they were superseded. */
  private poke(): void {
    this.wake.abort();
    this.wake = new AbortController();
  }

  private deny(status: number, error: unknown): void {
    this.denied = true;
    this.pending.length = 0;
    this.onDenied?.();
    this.deps.log.warning(permissionHelp(this.kind, status, detail(error)), { title: `GitHub ${this.kind}` });
  }

  /**
   * The key stays unwritten, so a report whose ending was refused is left open for post: post's ending is a
   * request of its own (a short summary, no annotations), which GitHub may well take.
   */
  private refused(status: number, error: unknown): void {
    this.deps.log.warning(`GitHub refused a ${this.kind} update (HTTP ${status}): ${detail(error)}`);
  }

  private gaveUp(error: unknown): void {
    this.deps.log.warning(`A ${this.kind} update could not be written to GitHub in time: ${detail(error)}`);
  }
}

function detail(error: unknown): string {
  return sanitizeLine(messageOf(error), { maxLength: 300 });
}
