// What every view of a record is made with: where the API is served, the world, the quirks and the time.
import type { Quirks } from './types.ts';
import type { World } from './world.ts';

export interface ViewContext {
  /** 'http://host:port', from the request's Host header. */
  base: string;
  world: World;
  quirks: Quirks;
  now: number;
}
