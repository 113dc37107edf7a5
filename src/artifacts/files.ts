// The artifacts port the core is handed (core/artifacts/files.ts), made here from the folder rules and the
// streaming store: the root is opened (and checked) once, before the first request, so a bad
// `artifacts-path` is an input error that sends nothing; every step's archive then shares one total budget.
import { rm } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { ArtifactFiles } from '../core/artifacts/files.ts';
import type { ArtifactSettings } from '../core/settings/artifacts.ts';
import { ByteBudget } from './byte-budget.ts';
import { artifactFolder, openArtifactsRoot, type ArtifactsPlace } from './folder.ts';
import { storeArchive } from './store.ts';

/** The port over a checked root, or why `artifacts-path` cannot be used. */
export async function openArtifactFiles(
  settings: ArtifactSettings,
  place: Omit<ArtifactsPlace, 'path'>,
): Promise<{ files: ArtifactFiles } | { problem: string }> {
  const opened = await openArtifactsRoot({ ...place, path: settings.path });
  if ('problem' in opened) return opened;
  const { root } = opened;
  const budget = new ByteBudget(settings.maxTotalBytes);
  return {
    files: {
      root,
      store: (source, { order, step, label }, { write, signal, onEntry }) =>
        storeArchive(source, {
          root,
          folder: artifactFolder(order, step, label),
          maxBytes: settings.maxBytes,
          budget,
          extract: settings.extract,
          write,
          ...(settings.outputsFile !== undefined ? { outputsFile: settings.outputsFile } : {}),
          ...(onEntry ? { onEntry } : {}),
          signal,
        }),
      // Only what this root holds: a folder an earlier attempt stored, never anything above it.
      discard: async (folder) => {
        const inside = relative(root, folder);
        if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) return;
        await rm(folder, { recursive: true, force: true });
      },
    },
  };
}
