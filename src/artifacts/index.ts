// The artifacts layer, as the adapters load it: only when artifacts (or an outputs file) are asked for,
// through a dynamic import, so a cold start without them loads none of it, nor `tar`.
export { ByteBudget } from './byte-budget.ts';
export type { SkipReason } from './entry-rules.ts';
export type { EntryReader } from './staging-writer.ts';
export {
  type ArtifactsPlace,
  type ArtifactsRoot,
  artifactFolder,
  artifactsPathProblem,
  openArtifactsRoot,
  removeLeftoverPartials,
  safeFolderName,
} from './folder.ts';
export { MAX_ENTRIES, storeArchive, type StoreOptions, type StoreResult, type StoreStatus } from './store.ts';
export { openArtifactFiles } from './files.ts';
