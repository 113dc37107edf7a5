// A reference to remote work, and the one place its API URL is built from an id.
import { pathSegment } from '../text/path-segment.ts';

export interface RemoteRef {
  kind: 'run' | 'build';
  id: string;
  url: string;
}

export function runRef(apiUrl: string, id: string): RemoteRef {
  return { kind: 'run', id, url: `${apiUrl}/runs/${pathSegment(id)}` };
}

export function buildRef(apiUrl: string, id: string): RemoteRef {
  return { kind: 'build', id, url: `${apiUrl}/builds/${pathSegment(id)}` };
}
