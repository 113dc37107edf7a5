// The artifacts layer as a whole, for the bench that times its streaming store; the adapters load
// `files.ts` (and the post step `partials.ts`) by a dynamic import, only when artifacts are asked for.
export { storeArchive } from './store.ts';
