// Injected faults: each applies to the next `times` requests that match its method and route.
import type { FaultSpec } from './types.ts';

export const API_PREFIX = '/api/v3';

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

export class FaultStore {
  #faults: ActiveFault[] = [];

  add(spec: FaultSpec): void {
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a whole number >= 1');
    if (typeof spec.route !== 'string' || spec.route === '') throw new TypeError('route is required');
    this.#faults.push({ spec: { ...spec }, remaining: times });
  }

  clear(): void {
    this.#faults = [];
  }

  list(): FaultSpec[] {
    return this.#faults.map(({ spec, remaining }) => ({ ...spec, times: remaining }));
  }

  /** Finds the first fault matching the request and uses up one of its applications. */
  take(method: string, path: string, route: string | undefined): FaultSpec | undefined {
    const index = this.#faults.findIndex(({ spec }) => matches(spec, method, path, route));
    const found = this.#faults[index];
    if (!found) return undefined;
    found.remaining -= 1;
    if (found.remaining <= 0) this.#faults.splice(index, 1);
    return found.spec;
  }
}

function matches(spec: FaultSpec, method: string, path: string, route: string | undefined): boolean {
  if (spec.method !== undefined && spec.method.toUpperCase() !== method.toUpperCase()) return false;
  if (spec.route === '*') return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
  const wanted = normalise(spec.route);
  if (route !== undefined && wanted === normalise(route)) return true;
  return !spec.route.includes(':') && trimSlash(spec.route) === trimSlash(path);
}

/** Trailing slash and parameter names do not matter: '/runs/:run/' equals '/runs/:runId'. */
function normalise(pattern: string): string {
  return trimSlash(pattern).replace(/:[^/]+/g, ':');
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
