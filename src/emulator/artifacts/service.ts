// What the emulator needs to serve artifacts, kept across resets: the archives built so far, the key that
// signs storage URLs, and where the storage origin (a second listener) is. It also says where a step's
// `artifactsUrl` points and whether its archive is there yet, or still.
import type { Quirks } from '../types.ts';
import type { StepState } from '../timeline.ts';
import { ArchiveStore } from './archive-store.ts';
import { SIGNED_URL_MS, UrlSigner } from './signing.ts';

/** With the `artifactsLate` quirk, an archive answers 404 for this long after its step finished. */
export const ARTIFACTS_LATE_MS = 5_000;
/** With the `artifactsExpire` quirk, an archive answers 410 from this long after its step finished. */
export const ARTIFACTS_KEPT_MS = 10 * 60_000;

export const STORAGE_PREFIX = '/storage';

export class ArtifactService {
  readonly archives = new ArchiveStore();
  readonly signer = new UrlSigner();
  /** 'http://127.0.0.1:PORT' of the storage listener, once it listens. */
  storageBase: string | undefined;

  /** The path of a step's archive on a storage origin (either one), before signing. */
  storagePath(stepId: string): string {
    return `${STORAGE_PREFIX}/${stepId}/artifacts.tar.gz`;
  }

  /** A signed URL of the archive on the storage origin, or on `base` when given. */
  signedUrl(stepId: string, now: number, base = this.storageBase): string {
    return `${base ?? ''}${this.signer.sign(this.storagePath(stepId), now + SIGNED_URL_MS)}`;
  }

  /** A step's `artifactsUrl`: null until it has finished (passed or failed) and when it stores nothing. */
  artifactsUrl(apiBase: string, quirks: Quirks, state: StepState, now: number): string | null {
    if (!hasArtifacts(state)) return null;
    this.prepare(state);
    if (quirks.artifactsOtherOrigin && this.storageBase !== undefined)
      return this.signedUrl(state.step.id, now);
    return `${apiBase}/api/v3/runsteps/${state.step.id}/artifacts`;
  }

  /**
   * Starts building the step's archive as soon as its URL is handed out, so that a large one (a build of
   * 200 MB takes seconds) is ready, or nearly, when the client asks for it. A failure shows on that request.
   */
  prepare(state: StepState): void {
    const { stores } = state.step;
    if (!stores) return;
    this.archives.archive(stores, state.step.name, state.result === 'failed').catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.archives.close();
  }
}

export function hasArtifacts(state: StepState | undefined): state is StepState & { finishedAt: number } {
  return (
    state !== undefined &&
    state.step.artifacts &&
    state.finished &&
    state.result !== 'aborted' &&
    state.finishedAt !== undefined
  );
}

/** Whether the archive of a step that finished at `finishedAt` is served at `now`, given the quirks. */
export function availability(quirks: Quirks, finishedAt: number, now: number): 'ready' | 'late' | 'gone' {
  if (quirks.artifactsLate && now < finishedAt + ARTIFACTS_LATE_MS) return 'late';
  if (quirks.artifactsExpire && now >= finishedAt + ARTIFACTS_KEPT_MS) return 'gone';
  return 'ready';
}
