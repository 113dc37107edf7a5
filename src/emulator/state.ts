// Everything the emulator holds, and how to get back to where it started.
import { ArtifactService } from './artifacts/service.ts';
import { FaultStore } from './faults.ts';
import { RequestLog } from './request-log.ts';
import { ServedStats } from './served-stats.ts';
import { NO_QUIRKS, type Quirks } from './types.ts';
import type { WorldFile } from './world-file.ts';
import { World, type WorldLimits } from './world.ts';

export interface InitialState {
  world: WorldFile;
  speed: number;
  quirks: Quirks;
  /** Size of the request log; default DEFAULT_MAX_REQUESTS. */
  maxRequests?: number;
  /** Default DEFAULT_LIMITS. */
  limits?: Partial<WorldLimits>;
}

export class EmulatorState {
  world: World;
  quirks: Quirks;
  readonly faults = new FaultStore();
  readonly log: RequestLog;
  /** Kept across resets: archives already built stay valid, and the storage origin keeps its port. */
  readonly artifacts = new ArtifactService();
  stats: ServedStats;
  readonly #initial: InitialState;

  constructor(initial: InitialState) {
    // The start time is fixed once, so that a reset brings the clock back to it.
    const world = { ...initial.world, startAt: initial.world.startAt ?? new Date().toISOString() };
    this.#initial = { ...initial, world, quirks: { ...NO_QUIRKS, ...initial.quirks } };
    this.log = new RequestLog(initial.maxRequests);
    this.world = new World(this.#initial.world, this.#initial.speed, this.#initial.limits);
    this.quirks = { ...this.#initial.quirks };
    this.stats = new ServedStats(this.world);
  }

  reset(): void {
    this.world = new World(this.#initial.world, this.#initial.speed, this.#initial.limits);
    this.quirks = { ...this.#initial.quirks };
    this.faults.clear();
    this.log.clear();
    this.stats = new ServedStats(this.world);
  }
}
