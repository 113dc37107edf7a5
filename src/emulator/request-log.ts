// The log of API requests that tests and benchmarks read: a ring buffer, so that a long-running
// emulator (a demo polling for hours) keeps only the latest requests.
import type { RequestLogEntry } from './types.ts';

const DEFAULT_MAX_REQUESTS = 10_000;
const REDACTED = '[redacted]';

export class RequestLog {
  readonly #capacity: number;
  #entries: RequestLogEntry[] = [];
  /** Index of the oldest entry once the buffer is full. */
  #start = 0;

  constructor(capacity = DEFAULT_MAX_REQUESTS) {
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new RangeError(`the request log needs room for at least 1 request, got ${capacity}`);
    this.#capacity = capacity;
  }

  add(entry: RequestLogEntry): RequestLogEntry {
    if (this.#entries.length < this.#capacity) {
      this.#entries.push(entry);
    } else {
      this.#entries[this.#start] = entry;
      this.#start = (this.#start + 1) % this.#capacity;
    }
    return entry;
  }

  /** Oldest first. */
  list(): RequestLogEntry[] {
    const ordered = [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
    return ordered.map((entry) => structuredClone(entry));
  }

  clear(): void {
    this.#entries = [];
    this.#start = 0;
  }
}

/** What the log keeps of one request body at most; a longer one is cut, and says so. */
const MAX_LOGGED_BODY_BYTES = 4096;

/**
 * A copy of a request body fit for the log: environment variables are secrets, so everything under
 * `envVars` but the keys, and the `value` of anything shaped like `{key, value}`, is replaced. A body
 * whose JSON is over 4 KiB is kept as the start of that JSON, with how long it was.
 */
export function loggedBody(body: unknown): unknown {
  const redacted = redact(body, false);
  const json = JSON.stringify(redacted) ?? '';
  const bytes = Buffer.byteLength(json);
  if (bytes <= MAX_LOGGED_BODY_BYTES) return redacted;
  const start = Buffer.from(json)
    .subarray(0, MAX_LOGGED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${start}… [cut: ${bytes} bytes in all]`;
}

/** Query parameters that carry credentials, by name: their values never reach the log. */
const CREDENTIAL_PARAMETER =
  /token|secret|passw(?:or)?d|credential|signature|api[-_]?key|^(?:auth|authorization|key|sig|session|code)$/i;

/** The query as the log keeps it: credential-looking parameters (`token`, `access_token`, ...) redacted. */
export function loggedQuery(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, CREDENTIAL_PARAMETER.test(name) ? REDACTED : value]),
  );
}

function redact(value: unknown, secret: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, secret));
  if (value !== null && typeof value === 'object') {
    const envVarShaped = 'key' in value && 'value' in value;
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => {
        if (secret && name === 'key' && typeof child === 'string') return [name, child];
        if (envVarShaped && name === 'value') return [name, REDACTED];
        return [name, redact(child, secret || name === 'envVars')];
      }),
    );
  }
  return secret && value !== null ? REDACTED : value;
}
