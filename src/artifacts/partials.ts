// The staging folders (`.ci-run-partial-*`) that downloads write into before a folder is complete.
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const PARTIAL_PREFIX = '.ci-run-partial-';

/**
 * Removes every staging folder left in the artifacts root (a killed job leaves them; the post step calls
 * this). Returns how many were removed. A root that does not exist, or is not a folder, has none.
 */
export async function removeLeftoverPartials(root: string): Promise<number> {
  const stat = await lstat(root).catch(() => undefined);
  if (stat === undefined || !stat.isDirectory()) return 0;
  const names = (await readdir(root)).filter((name) => name.startsWith(PARTIAL_PREFIX));
  // rm removes a link itself, never what it points at.
  await Promise.all(names.map((name) => rm(join(root, name), { recursive: true, force: true })));
  return names.length;
}
