// Bytes read from a socket and dropped at once (a long text scanned and cut to its start) are garbage as
// soon as they are read, but their memory lives outside V8's heap and is freed only when a collection
// finds their buffers dead. A chunk waits in its body's stream long enough to outlive young-generation
// collections, so it is freed by a full one, which V8 starts by itself only once 64 MiB more is held
// outside the heap than after the last: 50 to 70 MiB of dropped chunks, on top of what the run needs.
// An action cannot tune that (no flag reaches the `node` the runner starts), so after every 8 MiB
// dropped, one full collection is asked for: about 8 ms, paid only by a server that sends long texts
// (a run whose bodies are a few KiB reads 8 MiB in an hour of polling).

const EVERY_BYTES = 8 * 1024 * 1024;

type Collect = () => void;

let dropped = 0;
let collections = 0;
/** undefined until first needed; null where the engine gives no way to ask. */
let collect: Collect | null | undefined;

/** How many collections were asked for so far. */
export function collectionsAsked(): number {
  return collections;
}

/** `bytes` were read and are no longer held; true when a collection was asked for. */
export function droppedBytes(bytes: number): boolean {
  dropped += bytes;
  if (dropped < EVERY_BYTES) return false;
  dropped = 0;
  // Asked once: an engine that gives no way (null) is not asked again after every 8 MiB.
  if (collect === undefined) collect = fullCollection();
  if (collect === null) return false;
  collect();
  collections += 1;
  return true;
}

/**
 * V8's `gc`, taken from a fresh context while `--expose-gc` is set, and the flag unset at once: no
 * global of this process's own context changes, and a later context gets no `gc`.
 */
function fullCollection(): Collect | null {
  const own = (globalThis as { gc?: unknown }).gc;
  if (typeof own === 'function') return own as Collect;
  try {
    const v8 = process.getBuiltinModule('node:v8');
    const vm = process.getBuiltinModule('node:vm');
    v8.setFlagsFromString('--expose-gc');
    try {
      const gc: unknown = vm.runInNewContext('gc');
      return typeof gc === 'function' ? (gc as Collect) : null;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  } catch {
    return null;
  }
}
