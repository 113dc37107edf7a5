// A step's archive as one continuous stream of bytes, however its reads go: a read cut mid-body goes on
// from the byte after the last one handed out (`Range` with `If-Range`, from `artifactsUrl` again, since
// a signed redirect may have expired), up to 3 times, so that the consumer's gunzip and tar see each byte
// once. When the rest cannot be had of the same version, StartOver says so, and the caller begins again
// in a fresh folder. A 404 is tried again for a while after the step finished: some servers store the
// archive a little later. No time limit of its own: an archive of gigabytes must finish. The caller's
// signal stops it, and so does a read slower than a floor (64 KiB/s over 30 s of waiting for bytes).
import type { ArtifactFrom, ArtifactRead, Validator } from '../../api/artifact-read.ts';
import { failureOf, type FailureWord } from '../../api/errors.ts';
import type { Clock, Sleep } from '../../time.ts';
import type { CiApi } from '../api-port.ts';
import { Throughput } from './throughput.ts';

interface ArtifactReadLimits {
  /** Reads cut mid-body that are resumed. */
  resumes: number;
  /** How long after the step finished a 404 is tried again. */
  notYetMs: number;
  /** The slowest read that goes on, in bytes a second of waiting for bytes, averaged over `windowMs`. */
  minBytesPerSecond: number;
  windowMs: number;
  /** How often the floor is checked. */
  checkEveryMs: number;
}

const ARTIFACT_READ_LIMITS: Readonly<ArtifactReadLimits> = Object.freeze({
  resumes: 3,
  notYetMs: 30_000,
  minBytesPerSecond: 64 * 1024,
  windowMs: 30_000,
  checkEveryMs: 1000,
});

/** Waits between reads of an archive not there yet: 1 s, doubling, at most 8 s. */
const NOT_YET_FIRST_MS = 1000;
const NOT_YET_MAX_MS = 8000;

export interface ArtifactBytesOptions {
  clock: Clock;
  sleep: Sleep;
  /** The flow's (timeout and cancel): ends the reads and waits at once. */
  signal?: AbortSignal;
  /** When the step finished (epoch ms, the server's `finishedAt`): a 404 is tried again until `notYetMs` after. */
  finishedAt?: number;
  /** The archive's whole length, once an answer says it (for progress). */
  onLength?(length: number): void;
  /** One line about each resume and wait, for the debug log; never a URL. */
  debug?(line: string): void;
  limits?: Partial<ArtifactReadLimits>;
}

/** Why a read cannot go on where it was cut: the caller starts over in a fresh temporary folder. */
export type StartOverReason = 'range-ignored' | 'no-validator' | 'changed';

const START_OVER_WORDS: Record<StartOverReason, string> = {
  'range-ignored': 'the server does not serve the rest of it from an offset',
  'no-validator': 'the server gave no ETag or Last-Modified to resume it by',
  changed: 'the archive changed on the server',
};

export class StartOver extends Error {
  override name = 'StartOver';
  readonly reason: StartOverReason;

  constructor(reason: StartOverReason, at: number) {
    super(`The archive's read was cut after ${at} bytes and cannot go on: ${START_OVER_WORDS[reason]}.`);
    this.reason = reason;
  }
}

/**
 * Why there are no more bytes: `gone` the server has no archive (still none `notYetMs` after the step
 * finished, or gone for good), `too-slow` below the floor, `cut` cut more often than resumed, `unusable`
 * an answer that cannot be the archive.
 */
export type UnavailableReason = 'gone' | 'too-slow' | 'cut' | 'unusable';

export class ArtifactUnavailable extends Error {
  override name = 'ArtifactUnavailable';
  readonly reason: UnavailableReason;

  constructor(reason: UnavailableReason, message: string, cause?: unknown) {
    super(message, cause !== undefined ? { cause } : undefined);
    this.reason = reason;
  }
}

/** Failures of a read that another read may get past: a lost connection, a stall, a server's hiccup. */
const CUT: ReadonlySet<FailureWord> = new Set(['no-answer', 'transient', 'throttled']);

type Body = Extract<ArtifactRead, { body: unknown }>;

/**
 * The bytes of the archive at `artifactsUrl`, in order, each once. Throws StartOver when a cut read
 * cannot go on, ArtifactUnavailable when there is nothing (more) to read, the client's error when a read
 * fails otherwise (a refused URL is `url-refused`). Once the caller's signal has aborted, whatever it
 * throws says only that. Breaking out of the loop ends the read in flight.
 */
export function artifactBytes(
  api: Pick<CiApi, 'readArtifact'>,
  artifactsUrl: string,
  options: ArtifactBytesOptions,
): AsyncGenerator<Uint8Array, void, undefined> {
  return new ArchiveRead(api, artifactsUrl, options).bytes();
}

class ArchiveRead {
  readonly #api: Pick<CiApi, 'readArtifact'>;
  readonly #url: string;
  readonly #options: ArtifactBytesOptions;
  readonly #limits: ArtifactReadLimits;
  readonly #meter: Throughput;
  /** Ends the read in flight: its answer is not wanted, it is too slow, or the consumer has stopped. */
  #current: AbortController | undefined;
  readonly #watching = new AbortController();
  #tooSlow = false;
  #offset = 0;
  #resumes = 0;

  constructor(api: Pick<CiApi, 'readArtifact'>, url: string, options: ArtifactBytesOptions) {
    this.#api = api;
    this.#url = url;
    this.#options = options;
    this.#limits = { ...ARTIFACT_READ_LIMITS, ...options.limits };
    this.#meter = new Throughput(this.#limits.minBytesPerSecond, this.#limits.windowMs);
  }

  async *bytes(): AsyncGenerator<Uint8Array, void, undefined> {
    try {
      let read = await firstRead((from) => this.#open(from), this.#options, this.#limits);
      const { validator, length } = read;
      if (length !== undefined) this.#options.onLength?.(length);
      this.#meter.start();
      void this.#watch();
      for (;;) {
        const failure: unknown = yield* this.#drain(read.body);
        const stop = this.#stopped(failure);
        if (stop !== undefined) throw stop;
        if (failure === undefined && (length === undefined || this.#offset >= length)) return;
        if (failure !== undefined && !CUT.has(failureOf(failure))) throw failure;
        // Cut short, by a failure or by a body that ended before its length.
        read = await this.#resume(validator, length);
      }
    } finally {
      this.#watching.abort();
      this.#current?.abort();
    }
  }

  /** Hands out a body's bytes; what it failed with, if it did. */
  async *#drain(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array, unknown, undefined> {
    const { clock } = this.#options;
    try {
      const iterator = body[Symbol.asyncIterator]();
      try {
        for (;;) {
          this.#meter.waiting(clock.now());
          const next = await iterator.next();
          this.#meter.got(next.done ? 0 : next.value.length, clock.now());
          if (next.done) return undefined;
          this.#offset += next.value.length;
          yield next.value;
        }
      } finally {
        await iterator.return?.();
      }
    } catch (err) {
      return err;
    }
  }

  #open(from: ArtifactFrom | undefined): Promise<ArtifactRead> {
    const { signal } = this.#options;
    this.#current = new AbortController();
    const own = this.#current.signal;
    return this.#api.readArtifact(this.#url, from, { signal: signal ? AbortSignal.any([signal, own]) : own });
  }

  /** What to throw when the read was stopped (by the caller, or for being too slow) rather than failed. */
  #stopped(failure: unknown): unknown {
    if (this.#options.signal?.aborted) return failure ?? this.#options.signal.reason;
    if (!this.#tooSlow) return undefined;
    const { minBytesPerSecond, windowMs } = this.#limits;
    return new ArtifactUnavailable(
      'too-slow',
      `The archive came slower than ${minBytesPerSecond / 1024} KiB/s over ${windowMs / 1000} s; the read was stopped.`,
    );
  }

  async #watch(): Promise<void> {
    const { sleep, clock } = this.#options;
    try {
      for (;;) {
        await sleep(this.#limits.checkEveryMs, this.#watching.signal);
        if (this.#meter.tooSlow(clock.now())) {
          this.#tooSlow = true;
          this.#current?.abort();
          return;
        }
      }
    } catch {
      // Stopped: the archive is read, or the read ended otherwise.
    }
  }

  /** A read of the rest from the byte after the last one handed out, of the same version. */
  async #resume(validator: Validator | undefined, length: number | undefined): Promise<Body> {
    for (;;) {
      if (this.#resumes === this.#limits.resumes) {
        throw new ArtifactUnavailable(
          'cut',
          `The archive's read was cut ${this.#resumes + 1} times; the last time after ${this.#offset} bytes.`,
        );
      }
      // Nothing handed out yet: any version will do.
      if (validator === undefined && this.#offset > 0) throw new StartOver('no-validator', this.#offset);
      this.#resumes += 1;
      this.#options.debug?.(
        `artifacts: resuming the archive at byte ${this.#offset} (resume ${this.#resumes} of ${this.#limits.resumes})`,
      );
      this.#meter.waiting(this.#options.clock.now());
      let answer: ArtifactRead;
      try {
        answer = await this.#open({
          offset: this.#offset,
          ...(validator !== undefined ? { validator } : {}),
        });
      } catch (err) {
        const stop = this.#stopped(err);
        if (stop !== undefined) throw stop;
        if (CUT.has(failureOf(err))) continue;
        throw err;
      }
      return resumed(answer, this.#offset, validator, length, () => this.#current?.abort());
    }
  }
}

/** The first read, tried again while the archive is not there yet and the step finished lately. */
async function firstRead(
  open: (from: ArtifactFrom | undefined) => Promise<ArtifactRead>,
  options: ArtifactBytesOptions,
  limits: ArtifactReadLimits,
): Promise<Body> {
  const { clock } = options;
  const now = clock.now();
  const until = Math.min(options.finishedAt ?? now, now) + limits.notYetMs;
  let wait = NOT_YET_FIRST_MS;
  for (;;) {
    const answer = await open(undefined);
    if (answer.kind === 'whole') return answer;
    if (answer.kind === 'partial') {
      if (answer.start === 0) return answer;
      throw new ArtifactUnavailable(
        'unusable',
        'The server answered a read of the archive with a part of it.',
      );
    }
    if (answer.kind === 'gone') throw new ArtifactUnavailable('gone', 'The server says the archive is gone.');
    const left = until - clock.now();
    if (left <= 0) {
      throw new ArtifactUnavailable(
        'gone',
        `The server has no archive, ${limits.notYetMs / 1000} s after the step finished.`,
      );
    }
    options.debug?.(`artifacts: the archive is not there yet; trying again in ${Math.min(wait, left)} ms`);
    await options.sleep(Math.min(wait, left), options.signal);
    wait = Math.min(wait * 2, NOT_YET_MAX_MS);
  }
}

/** Whether two answers name the same version of the archive, as far as both say. */
function sameVersion(first: Validator | undefined, later: Validator | undefined): boolean {
  if (first === undefined || later === undefined) return true;
  if (first.etag !== undefined && later.etag !== undefined) return first.etag === later.etag;
  if (first.lastModified !== undefined && later.lastModified !== undefined) {
    return Date.parse(first.lastModified) === Date.parse(later.lastModified);
  }
  return true;
}

/** The answer to a resumed read, if it is the rest of the same version; `discard` ends one that is not. */
function resumed(
  answer: ArtifactRead,
  offset: number,
  version: Validator | undefined,
  length: number | undefined,
  discard: () => void,
): Body {
  if (answer.kind === 'not-yet' || answer.kind === 'gone') {
    throw new ArtifactUnavailable(
      'gone',
      `The archive was gone when its read was resumed at byte ${offset}.`,
    );
  }
  const changed =
    !sameVersion(version, answer.validator) ||
    (length !== undefined && answer.length !== undefined && answer.length !== length);
  if (answer.kind === 'partial' && answer.start === offset && !changed) return answer;
  // Cut before its first byte: the whole archive is the rest.
  if (answer.kind === 'whole' && offset === 0 && !changed) return answer;
  discard();
  throw new StartOver(changed ? 'changed' : 'range-ignored', offset);
}
