// What a failed exchange means: the kind of failure, and whether the request may have reached the
// server (which decides between "not sent, safe to try again" and "outcome unknown" for triggers).

export interface TransportFailure {
  kind: 'network' | 'timeout';
  code?: string;
  detail: string;
  /** False only when the failure certainly happened before the request could be sent. */
  mayHaveReachedServer: boolean;
  /** False for failures another attempt cannot fix (a closed client, a rejected certificate). */
  retryable: boolean;
}

// Failures that no retry can fix: the client was closed, the request or certificate is invalid.
const PERMANENT = new Set([
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_INVALID_ARG',
  'ERR_INVALID_URL',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

// Failures while resolving the name, connecting, or negotiating TLS or a proxy tunnel.
const BEFORE_SENDING = new Set([
  ...PERMANENT,
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_PRX_CONN',
  'UND_ERR_PRX_TLS',
]);

function codeOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node's happy-eyeballs connect reports an AggregateError of one failure per address.
  const errors = (err as { errors?: unknown }).errors;
  if (Array.isArray(errors)) return errors.map(codeOf).find((inner) => inner !== undefined);
  const cause = (err as { cause?: unknown }).cause;
  return cause === undefined ? undefined : codeOf(cause);
}

export function classifyTransportError(
  err: unknown,
  timeouts: { connectMs: number; headersMs: number; bodyMs: number },
): TransportFailure {
  const code = codeOf(err);
  const timeout = (detail: string, mayHaveReachedServer: boolean): TransportFailure => ({
    kind: 'timeout',
    code,
    detail,
    mayHaveReachedServer,
    retryable: true,
  });
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return timeout(`no connection within ${timeouts.connectMs} ms`, false);
    case 'UND_ERR_HEADERS_TIMEOUT':
      return timeout(`no response within ${timeouts.headersMs} ms`, true);
    case 'UND_ERR_BODY_TIMEOUT':
      return timeout(`the response body stalled for ${timeouts.bodyMs} ms`, true);
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return {
        kind: 'network',
        code,
        detail: `the connection was closed (${code})`,
        mayHaveReachedServer: true,
        retryable: true,
      };
    default: {
      const message = err instanceof Error && err.message ? err.message : 'network error';
      return {
        kind: 'network',
        ...(code !== undefined ? { code } : {}),
        detail: code && !message.includes(code) ? `${message} (${code})` : message,
        mayHaveReachedServer: code === undefined || !BEFORE_SENDING.has(code),
        retryable: code === undefined || !PERMANENT.has(code),
      };
    }
  }
}
