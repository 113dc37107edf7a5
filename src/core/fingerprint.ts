// What identifies the run a trigger creates, saved before the POST so that a lost response (or a
// main process killed mid-trigger) can be resolved by finding the run instead of sending it twice.
// Env var values are often secrets: only an HMAC of them is kept, under a key the saved state and the
// log never show (derived from the API token), with a random per-trigger salt. The state is printed
// with step debug on, so a key kept next to the HMAC would let a short value be guessed offline.
import { isSafeId } from '../api/ids.ts';
import { sameText, type WholeText } from '../api/remote-text.ts';
import type { RemoteEnvVar, Run, RunTrigger } from '../api/types.ts';

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

/** The key of the env vars' HMAC; made by fingerprintKey, never saved. */
export interface FingerprintKey {
  readonly secret: Buffer | undefined;
}

// node:crypto loads when the first trigger is fingerprinted, not at start-up before the first request.
const crypto = () => process.getBuiltinModule('node:crypto');

const KEY_LABEL = 'ci-run-action trigger fingerprint env HMAC v1';

/**
 * The HMAC's key, from a secret the main and the post step both have and that neither the state nor
 * the log shows: the API token (masked in the log, never saved), which post reads from the same input.
 * A trigger needs the token, so it is there whenever a fingerprint is made; with none, the HMAC falls
 * back to being keyed by its salt alone.
 */
export function fingerprintKey(token: string): FingerprintKey {
  return {
    secret: token === '' ? undefined : crypto().createHmac('sha256', token).update(KEY_LABEL).digest(),
  };
}

export function fingerprintOf(
  payload: RunTrigger,
  before: readonly Run[],
  key: FingerprintKey,
): TriggerFingerprint {
  const salt = crypto().randomBytes(16).toString('hex');
  return {
    pipelineId: payload.pipelineId,
    known: before.map((run) => run.id),
    ...(payload.branch !== undefined ? { branch: payload.branch } : {}),
    ...(payload.commitHash !== undefined ? { commitHash: payload.commitHash } : {}),
    ...(payload.message !== undefined ? { message: payload.message } : {}),
    ...(payload.sourceRunId !== undefined ? { sourceRunId: payload.sourceRunId } : {}),
    salt,
    envHmac: envHmac(key, salt, payload.envVars),
  };
}

/**
 * Keyed over each key's and value's length and SHA-256 rather than the texts, so that a run whose env
 * vars were cut at parse (remote-text.ts) is compared as exactly as one kept whole.
 */
function envHmac(key: FingerprintKey, salt: string, envVars: readonly RemoteEnvVar[] | undefined): string {
  const { createHmac } = crypto();
  const hmac = key.secret ? createHmac('sha256', key.secret).update(`${salt}\n`) : createHmac('sha256', salt);
  const pairs = (envVars ?? []).map((envVar) => [
    textDigest(envVar.key, envVar.whole?.key),
    textDigest(envVar.value, envVar.whole?.value),
  ]);
  return hmac.update(JSON.stringify(pairs)).digest('hex');
}

function textDigest(text: string, whole: WholeText | undefined): string {
  if (whole) return `${whole.bytes}:${whole.sha256}`;
  const digest = crypto().createHash('sha256').update(text, 'utf8').digest('hex');
  return `${Buffer.byteLength(text, 'utf8')}:${digest}`;
}

/** Whether a run (read whole, with its env vars) is one this trigger could have created. */
export function matchesFingerprint(run: Run, fingerprint: TriggerFingerprint, key: FingerprintKey): boolean {
  // Texts cut at parse are compared by the length and SHA-256 of the whole (remote-text.ts).
  const whole = run.whole ?? {};
  if (fingerprint.branch !== undefined && !sameText(run.branch, whole.branch, fingerprint.branch))
    return false;
  if (fingerprint.commitHash !== undefined) {
    const same = whole.commitHash
      ? sameText(undefined, whole.commitHash, fingerprint.commitHash)
      : run.commitHash?.toLowerCase() === fingerprint.commitHash.toLowerCase();
    if (!same) return false;
  }
  if (fingerprint.message !== undefined && !sameText(run.message, whole.message, fingerprint.message))
    return false;
  if (run.envVars !== undefined && envHmac(key, fingerprint.salt, run.envVars) !== fingerprint.envHmac)
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
