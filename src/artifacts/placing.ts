// Where a step's files go in the artifacts root, and how they get there: a staging folder made fresh inside
// the root, then one rename into place. What was at the destination before is moved aside first and
// removed after, so a failure never leaves a merge of two runs, and a link there is replaced, never followed.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { checkEntryName } from './entry-rules.ts';
import { PARTIAL_PREFIX } from './partials.ts';

/** The absolute destination of a step's folder (or kept archive); throws for a folder name that is not safe. */
export function destinationOf(root: string, folder: string, extract: boolean): string {
  const checked = checkEntryName(folder);
  const segments = 'segments' in checked ? checked.segments : [];
  if (segments.length === 0 || segments.some((segment) => segment.startsWith(PARTIAL_PREFIX))) {
    throw new Error(`the artifacts folder name is not safe: ${JSON.stringify(folder)}`);
  }
  const path = join(root, ...segments);
  return extract ? path : `${path}.tar.gz`;
}

/** A fresh staging folder inside the root, which must be a real folder. */
export async function makeStaging(root: string): Promise<string> {
  const stat = await lstat(root);
  if (!stat.isDirectory()) throw new Error('the artifacts root is not a folder');
  return mkdtemp(join(root, PARTIAL_PREFIX));
}

export async function removeStaging(staging: string | undefined): Promise<void> {
  // rm never follows a link: one inside is removed itself.
  if (staging !== undefined) await rm(staging, { recursive: true, force: true });
}

/** Puts `from` (inside the root) at `destination` (inside the root), replacing what is there. */
export async function moveIntoPlace(from: string, destination: string, root: string): Promise<void> {
  const segments = relative(root, destination).split(sep);
  let parent = root;
  for (const segment of segments.slice(0, -1)) {
    parent = join(parent, segment);
    await makeRealFolder(parent);
  }
  const existing = await lstat(destination).catch(() => undefined);
  const aside = join(root, `${PARTIAL_PREFIX}old-${randomBytes(6).toString('hex')}`);
  if (existing === undefined) return rename(from, destination);
  await rename(destination, aside);
  try {
    await rename(from, destination);
  } catch (error) {
    await rename(aside, destination);
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
}

/** A folder on the way to a destination: made when missing, refused when it is a link or a file. */
async function makeRealFolder(path: string): Promise<void> {
  const stat = await lstat(path).catch(() => undefined);
  if (stat === undefined) {
    await mkdir(path, { mode: 0o755 });
    return;
  }
  if (!stat.isDirectory()) {
    throw Object.assign(new Error('a folder on the way to the artifacts is a link or a file'), {
      code: 'ENOTDIR',
    });
  }
}
