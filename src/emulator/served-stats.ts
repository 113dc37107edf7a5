// What the emulator has served since it started (or was last reset): API requests counted by endpoint,
// faults applied, and the runs created after the world was loaded. Unlike the request log, the counts
// are not bounded by its size, so they hold for a whole job.
import type { EmulatorStats, FaultSpec } from './types.ts';
import type { World } from './world.ts';

/** A request that matched no route is counted under this name instead of its path. */
const UNMATCHED_ROUTE = '(no route)';

interface Counted<T> {
  item: T;
  count: number;
}

export class ServedStats {
  readonly #since = Date.now();
  readonly #loadedRuns: ReadonlySet<string>;
  readonly #requests = new Map<string, Counted<{ method: string; route: string }>>();
  readonly #faults = new Map<string, Counted<{ method?: string; route: string }>>();
  #requestTotal = 0;
  #faultTotal = 0;

  /** `world` as loaded: its runs are the past, not something served. */
  constructor(world: World) {
    world.sync();
    this.#loadedRuns = new Set(world.runs.map((run) => run.id));
  }

  request(method: string, route: string | undefined): void {
    this.#requestTotal += 1;
    const item = { method: method.toUpperCase(), route: route ?? UNMATCHED_ROUTE };
    bump(this.#requests, `${item.method} ${item.route}`, item);
  }

  fault(spec: FaultSpec): void {
    this.#faultTotal += 1;
    const method = spec.method?.toUpperCase();
    bump(this.#faults, `${method ?? '*'} ${spec.route}`, {
      ...(method !== undefined ? { method } : {}),
      route: spec.route,
    });
  }

  /** Whether a run was created after the world was loaded. */
  isNew(runId: string): boolean {
    return !this.#loadedRuns.has(runId);
  }

  counts(): Omit<EmulatorStats, 'pid' | 'runs'> {
    return {
      since: new Date(this.#since).toISOString(),
      requests: { total: this.#requestTotal, byEndpoint: sorted(this.#requests) },
      faults: { injected: this.#faultTotal, byRoute: sorted(this.#faults) },
    };
  }
}

function bump<T>(map: Map<string, Counted<T>>, key: string, item: T): void {
  const found = map.get(key);
  if (found) found.count += 1;
  else map.set(key, { item, count: 1 });
}

/** Most requested first; ties in the order first seen. */
function sorted<T>(map: Map<string, Counted<T>>): Array<T & { count: number }> {
  return [...map.values()].sort((a, b) => b.count - a.count).map(({ item, count }) => ({ ...item, count }));
}
