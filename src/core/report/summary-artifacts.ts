// The artifacts a target brought back, as the summary lists them: each step considered, its status, its
// files and size, and the folder they went to, written from the `artifacts-path` the user gave.
import { join, relative } from 'node:path';
import type { ArtifactFacts, ArtifactStatus } from '../artifacts/facts.ts';
import { formatBytes } from './format.ts';
import type { StateMark } from './summary-inline.ts';

export interface SummaryArtifact {
  order: number;
  step: string;
  status: ArtifactStatus;
  files: number;
  bytes: number;
  /** Where they went, under `artifacts-path` as given. */
  folder?: string;
  reason?: string;
}

export interface ArtifactRow {
  order: number;
  step: string;
  state: StateMark;
  files: number;
  size: string;
  folder?: string;
  reason?: string;
}

const MARKS: Record<ArtifactStatus, Pick<StateMark, 'icon' | 'tone'>> = {
  stored: { icon: '✔', tone: 'passed' },
  none: { icon: '—', tone: 'none' },
  refused: { icon: '✖', tone: 'failed' },
  failed: { icon: '✖', tone: 'failed' },
  'not-allowed': { icon: '✖', tone: 'failed' },
  'too-large': { icon: '✖', tone: 'failed' },
};

/** The facts' entries for the summary; undefined when no step's artifacts were asked for. */
export function summaryArtifacts(
  facts: ArtifactFacts | undefined,
  path: string,
): SummaryArtifact[] | undefined {
  // Nothing considered (only an outputs file or test reports were read): no section.
  if (facts === undefined || facts.entries.length === 0) return undefined;
  return facts.entries.map((entry) => ({
    order: entry.order,
    step: entry.step,
    status: entry.status,
    files: entry.files,
    bytes: entry.bytes,
    ...(entry.folder !== undefined ? { folder: join(path, relative(facts.root, entry.folder)) } : {}),
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
  }));
}

export function artifactRow(artifact: SummaryArtifact): ArtifactRow {
  return {
    order: artifact.order,
    step: artifact.step,
    state: { ...MARKS[artifact.status], word: artifact.status },
    files: artifact.files,
    size: formatBytes(artifact.bytes),
    ...(artifact.folder !== undefined ? { folder: artifact.folder } : {}),
    ...(artifact.reason !== undefined ? { reason: artifact.reason } : {}),
  };
}
