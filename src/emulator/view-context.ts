// What every view of a record is made with: where the API is served, the world, the quirks, the time, and
// where steps' archives are served.
import type { ArtifactService } from './artifacts/service.ts';
import type { Quirks } from './types.ts';
import type { World } from './world.ts';

export interface ViewContext {
  /** 'http://host:port', from the request's Host header. */
  base: string;
  world: World;
  quirks: Quirks;
  now: number;
  /** Where steps' archives are served. */
  artifacts: ArtifactService;
}
