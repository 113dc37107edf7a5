// Injected faults, per operation: scripted ("the next N calls", or always, optionally only calls that match)
// or seeded-random for a chaos run. A fault applies to a call that passed authentication and validation: an
// invalid request is answered 422.
import { resolveOperation } from './operations.ts';
import type { OperationCall } from './types.ts';

export const FAULT_KINDS = [
  'forbidden',
  'not-found',
  'server-error',
  'bad-gateway',
  'unavailable',
  'secondary-rate-limit',
  'rate-limit',
  'rate-limit-429',
  'lost',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/** The kinds a retrying client can ride out; the default for random faults. */
export const TRANSIENT_FAULT_KINDS: readonly FaultKind[] = [
  'server-error',
  'bad-gateway',
  'unavailable',
  'secondary-rate-limit',
  'rate-limit',
  'rate-limit-429',
  'lost',
];

interface FaultOptions {
  /** Seconds a rate-limited client is told to wait (`retry-after`, or `x-ratelimit-reset` from now); default 1. */
  retryAfter?: number;
}

export interface ScriptedFaultOptions extends FaultOptions {
  /** Only the calls this accepts get the fault and count towards `times`; default every call. */
  when?: (call: OperationCall) => boolean;
}

export interface RandomFaultOptions extends FaultOptions {
  seed: number;
  /** Probability in [0, 1] that a call gets a fault. */
  rate: number;
  /** Default: TRANSIENT_FAULT_KINDS. */
  kinds?: readonly FaultKind[];
  /** Operations (operationId or short name) that may get faults; default all. */
  operations?: readonly string[];
}

export interface Fault {
  kind: FaultKind;
  retryAfter: number;
}

export interface FaultCounters {
  total: number;
  byKind: Record<FaultKind, number>;
  byOperation: Record<string, number>;
}

interface Scripted {
  operationId: string;
  kind: FaultKind;
  remaining: number;
  retryAfter: number;
  when?: (call: OperationCall) => boolean;
}

interface RandomPlan {
  next: () => number;
  rate: number;
  kinds: readonly FaultKind[];
  operations?: ReadonlySet<string>;
  retryAfter: number;
}

export class Faults {
  readonly counters: FaultCounters = { total: 0, byKind: zeroCounts(), byOperation: {} };
  #scripted: Scripted[] = [];
  #random: RandomPlan | undefined;

  fail(
    operation: string,
    kind: FaultKind,
    times: number | 'always' = 1,
    options: ScriptedFaultOptions = {},
  ): void {
    if (!FAULT_KINDS.includes(kind)) throw new RangeError(`unknown fault kind "${String(kind)}"`);
    const remaining = times === 'always' ? Infinity : times;
    if (!(remaining >= 1) || (remaining !== Infinity && !Number.isInteger(remaining))) {
      throw new RangeError('times must be a whole number >= 1, or "always"');
    }
    const operationId = resolveOperation(operation);
    const { when } = options;
    this.#scripted.push({
      operationId,
      kind,
      remaining,
      retryAfter: retryAfterOf(options),
      ...(when ? { when } : {}),
    });
  }

  random(options: RandomFaultOptions | undefined): void {
    if (options === undefined) {
      this.#random = undefined;
      return;
    }
    if (!(options.rate >= 0 && options.rate <= 1)) throw new RangeError('rate must be in [0, 1]');
    const kinds = options.kinds ?? TRANSIENT_FAULT_KINDS;
    if (kinds.length === 0 || kinds.some((kind) => !FAULT_KINDS.includes(kind))) {
      throw new RangeError(`kinds must be some of: ${FAULT_KINDS.join(', ')}`);
    }
    this.#random = {
      next: seededRandom(options.seed),
      rate: options.rate,
      kinds,
      ...(options.operations ? { operations: new Set(options.operations.map(resolveOperation)) } : {}),
      retryAfter: retryAfterOf(options),
    };
  }

  clear(): void {
    this.#scripted = [];
    this.#random = undefined;
  }

  /** The fault for this call, if any, counted; a scripted fault is used up before the random plan is asked. */
  take(call: OperationCall): Fault | undefined {
    const { operationId } = call;
    const fault = this.#takeScripted(call) ?? this.#drawRandom(operationId);
    if (fault) {
      this.counters.total += 1;
      this.counters.byKind[fault.kind] += 1;
      this.counters.byOperation[operationId] = (this.counters.byOperation[operationId] ?? 0) + 1;
    }
    return fault;
  }

  #takeScripted(call: OperationCall): Fault | undefined {
    const index = this.#scripted.findIndex(
      (s) => (s.operationId === call.operationId || s.operationId === '*') && (s.when?.(call) ?? true),
    );
    const scripted = this.#scripted[index];
    if (!scripted) return undefined;
    scripted.remaining -= 1;
    if (scripted.remaining <= 0) this.#scripted.splice(index, 1);
    return { kind: scripted.kind, retryAfter: scripted.retryAfter };
  }

  #drawRandom(operationId: string): Fault | undefined {
    const plan = this.#random;
    if (!plan || (plan.operations && !plan.operations.has(operationId))) return undefined;
    // Two draws per call whatever the outcome, so one seed gives one sequence of decisions.
    const hit = plan.next() < plan.rate;
    const kind = plan.kinds[Math.floor(plan.next() * plan.kinds.length)]!;
    return hit ? { kind, retryAfter: plan.retryAfter } : undefined;
  }
}

function retryAfterOf(options: FaultOptions): number {
  const seconds = options.retryAfter ?? 1;
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new RangeError('retryAfter must be whole seconds >= 0');
  return seconds;
}

function zeroCounts(): Record<FaultKind, number> {
  return Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;
}

/** Mulberry32: small, fast and good enough to pick faults reproducibly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
