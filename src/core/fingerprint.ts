// What identifies the run a trigger creates, saved before the POST so that a lost response (or a
// main process killed mid-trigger) can be resolved by finding the run instead of sending it twice.
// Env var values are often secrets: only an HMAC under a random per-trigger salt is kept.
import { createHmac, randomBytes } from 'node:crypto';
import { isSafeId } from '../api/ids.ts';
import type { EnvVar, Run, RunTrigger } from '../api/types.ts';

export interface TriggerFingerprint {
  pipelineId: string;
  /** The pipeline's newest runs just before the POST: the watermark. */
  known: string[];
  branch?: string;
  commitHash?: string;
  message?: string;
  sourceRunId?: string;
  salt: string;
  envHmac: string;
}

export function fingerprintOf(payload: RunTrigger, before: readonly Run[]): TriggerFingerprint {
  const salt = randomBytes(16).toString('hex');
  return {
    pipelineId: payload.pipelineId,
    known: before.map((run) => run.id),
    ...(payload.branch !== undefined ? { branch: payload.branch } : {}),
    ...(payload.commitHash !== undefined ? { commitHash: payload.commitHash } : {}),
    ...(payload.message !== undefined ? { message: payload.message } : {}),
    ...(payload.sourceRunId !== undefined ? { sourceRunId: payload.sourceRunId } : {}),
    salt,
    envHmac: envHmac(salt, payload.envVars),
  };
}

function envHmac(salt: string, envVars: readonly EnvVar[] | undefined): string {
  return createHmac('sha256', salt)
    .update(JSON.stringify((envVars ?? []).map(({ key, value }) => [key, value])))
    .digest('hex');
}

/** Whether a run (read whole, with its env vars) is one this trigger could have created. */
export function matchesFingerprint(run: Run, fingerprint: TriggerFingerprint): boolean {
  if (fingerprint.branch !== undefined && run.branch !== fingerprint.branch) return false;
  if (
    fingerprint.commitHash !== undefined &&
    run.commitHash?.toLowerCase() !== fingerprint.commitHash.toLowerCase()
  ) {
    return false;
  }
  if (fingerprint.message !== undefined && run.message !== fingerprint.message) return false;
  if (run.envVars !== undefined && envHmac(fingerprint.salt, run.envVars) !== fingerprint.envHmac)
    return false;
  return (
    fingerprint.sourceRunId === undefined ||
    run.sourceRunId === undefined ||
    run.sourceRunId === fingerprint.sourceRunId
  );
}

const OPTIONAL_TEXT = ['branch', 'commitHash', 'message', 'sourceRunId'] as const;

export function isFingerprint(value: unknown): value is TriggerFingerprint {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    isSafeId(record.pipelineId) &&
    Array.isArray(record.known) &&
    record.known.every(isSafeId) &&
    typeof record.salt === 'string' &&
    /^[0-9a-f]{32}$/.test(record.salt) &&
    typeof record.envHmac === 'string' &&
    /^[0-9a-f]{64}$/.test(record.envHmac) &&
    OPTIONAL_TEXT.every((key) => record[key] === undefined || typeof record[key] === 'string')
  );
}
