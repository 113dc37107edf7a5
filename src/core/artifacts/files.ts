// What the core needs of the disk for artifacts, as a port: the adapters hand one made from src/artifacts
// (loaded only when artifacts or an outputs file are asked for), whose root was checked before the first
// request. The core decides what to read and when; the port streams one archive into one folder, safely.

/** One archive stored (or read without writing), as src/artifacts' `storeArchive` says it went. */
export interface StoredArchive {
  status: 'stored' | 'refused' | 'failed' | 'too-large';
  /** The absolute folder (or kept archive), when stored and written. */
  folder?: string;
  files: number;
  bytes: number;
  /** Entries skipped, by reason. */
  skipped: Partial<Record<string, number>>;
  /** The first names skipped, made inert. */
  firstSkipped: string[];
  /** The outputs file's text, when the archive held it. */
  outputsText?: string;
  reason?: string;
}

export interface ArtifactFiles {
  /** The absolute artifacts root. */
  readonly root: string;
  /** Streams one step's archive into its folder (`<order>-<step>`, under `label` when given). */
  store(
    source: AsyncIterable<Uint8Array>,
    place: { order: number; step: string; label?: string },
    options: { write: boolean; signal: AbortSignal },
  ): Promise<StoredArchive>;
  /** Removes a folder an earlier attempt stored (a retried run's artifacts are replaced, never merged). */
  discard(folder: string): Promise<void>;
}
