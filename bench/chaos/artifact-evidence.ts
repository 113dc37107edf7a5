// What a chaos run with artifacts left behind, read after its steps: the tree under `artifacts-path` (each
// file's digest, and anything that is not a plain file or folder), its `.ci-run-partial-*` folders, and each
// run's archives as the server holds them, read from the emulator itself (not through the proxy) and listed
// entry by entry.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import type { Emulator, EmulatorRunView } from '../../src/emulator/index.ts';

/** A file's bytes as a short digest: what two trees are compared by. */
type Digest = string;

/** Every file under a folder by its path relative to it (`/`-separated); anything else as `link` or `other`. */
export type Tree = Record<string, Digest | 'link' | 'other'>;

/** Each run's archives as the server holds them: run id, then step order, then the files inside. */
export type ServedArchives = Record<string, Record<number, Record<string, Digest>>>;

/** What a run with artifacts left: the tree after post, the partial folders after main and post, the archives. */
export interface ArtifactEvidence {
  root: string;
  tree: Tree;
  partialsAfterMain: string[];
  partialsAfterPost: string[];
  served: ServedArchives;
}

const PARTIAL_PREFIX = '.ci-run-partial-';

export function digestOf(bytes: Buffer): Digest {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** The tree under `root` (empty when it does not exist); `.ci-run-partial-*` folders are listed apart. */
export function readTree(root: string): { tree: Tree; partials: string[] } {
  const tree: Tree = {};
  const partials: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const path = join(dir, name);
      const key = relative(root, path).split(sep).join('/');
      if (name.startsWith(PARTIAL_PREFIX)) {
        partials.push(key);
        continue;
      }
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) tree[key] = 'link';
      else if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) tree[key] = digestOf(readFileSync(path));
      else tree[key] = 'other';
    }
  };
  walk(root);
  return { tree, partials };
}

/** The files of a .tar.gz by path, with their digests. */
export async function archiveFiles(gzipped: Buffer): Promise<Record<string, Digest>> {
  const files: Record<string, Digest> = {};
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        if (entry.type === 'File') files[entry.path.replace(/^\.\//, '')] = digestOf(Buffer.concat(chunks));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('end', resolve);
    parser.end(gunzipSync(gzipped));
  });
  return files;
}

/** Each run's stored archives, read from the emulator with the token. */
export async function readServedArchives(
  emulator: Emulator,
  token: string,
  runs: readonly EmulatorRunView[],
): Promise<ServedArchives> {
  const headers = { authorization: `Bearer ${token}` };
  const served: ServedArchives = {};
  for (const run of runs) {
    if (run.startedAt === undefined) continue;
    const response = await fetch(`${emulator.url}/api/v3/runs/${run.id}/steps`, { headers });
    if (!response.ok) throw new Error(`GET the steps of run ${run.id}: ${response.status}`);
    const steps = (await response.json()) as Array<{ order: number; artifactsUrl?: string | null }>;
    const archives: Record<number, Record<string, Digest>> = {};
    for (const step of steps) {
      if (!step.artifactsUrl) continue;
      const archive = await fetch(`${emulator.url}${new URL(step.artifactsUrl).pathname}`, { headers });
      if (!archive.ok)
        throw new Error(`GET the artifacts of run ${run.id} step ${step.order}: ${archive.status}`);
      archives[step.order] = await archiveFiles(Buffer.from(await archive.arrayBuffer()));
    }
    served[run.id] = archives;
  }
  return served;
}
