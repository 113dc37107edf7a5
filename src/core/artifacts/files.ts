// What the core needs of the disk for artifacts, as a port: the adapters hand one made from src/artifacts
// (loaded only when artifacts or an outputs file are asked for), whose root was checked before the first
// request. The core decides what to read and when; the port streams one archive into one folder, safely.
import type { TestReport } from '../test-results.ts';

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

/** One test report read as it streams out of an archive (src/test-reports): its bytes in, then its cases. */
export interface ReportReading {
  data(chunk: Uint8Array): void;
  end(): void;
  result(): TestReport;
}

/** A reader for each archive path the `test-reports` patterns match; one per target (it counts its cases). */
export type ReportReaders = (path: string) => ReportReading | undefined;

export interface ArtifactFiles {
  /** With `test-reports`: the readers of one target's reports. */
  readonly testReports?: { forTarget(): ReportReaders };
  /** The absolute artifacts root. */
  readonly root: string;
  /** Streams one step's archive into its folder (`<order>-<step>`, under `label` when given). */
  store(
    source: AsyncIterable<Uint8Array>,
    place: { order: number; step: string; label?: string },
    options: {
      write: boolean;
      signal: AbortSignal;
      /** Entries to read as they stream (test reports), besides what is written. */
      onEntry?: (path: string) => ReportReading | undefined;
    },
  ): Promise<StoredArchive>;
  /** Removes a folder an earlier attempt stored (a retried run's artifacts are replaced, never merged). */
  discard(folder: string): Promise<void>;
}
