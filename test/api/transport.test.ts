import { describe, expect, it } from 'vitest';
import { classifyTransportError } from '../../src/api/transport.ts';

const timeouts = { connectMs: 1_000, headersMs: 2_000, bodyMs: 3_000 };
const failure = (code: string, message = 'boom') =>
  classifyTransportError(Object.assign(new Error(message), { code }), timeouts);

describe('classifyTransportError', () => {
  it('knows failures that happen before the request is sent', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_PRX_CONN',
    ]) {
      expect(failure(code)).toMatchObject({ code, mayHaveReachedServer: false, retryable: true });
    }
  });

  it('treats lost connections and response timeouts as possibly delivered', () => {
    expect(failure('UND_ERR_SOCKET')).toMatchObject({ kind: 'network', mayHaveReachedServer: true });
    expect(failure('ECONNRESET')).toMatchObject({ kind: 'network', mayHaveReachedServer: true });
    expect(failure('UND_ERR_HEADERS_TIMEOUT')).toMatchObject({
      kind: 'timeout',
      detail: 'no response within 2000 ms',
      mayHaveReachedServer: true,
    });
    expect(failure('UND_ERR_BODY_TIMEOUT').detail).toBe('the response body stalled for 3000 ms');
    expect(classifyTransportError(new Error('mystery'), timeouts)).toMatchObject({
      kind: 'network',
      detail: 'mystery',
      mayHaveReachedServer: true,
      retryable: true,
    });
  });

  it('does not retry what another attempt cannot fix', () => {
    expect(failure('UND_ERR_CLOSED')).toMatchObject({ retryable: false, mayHaveReachedServer: false });
    expect(failure('DEPTH_ZERO_SELF_SIGNED_CERT')).toMatchObject({ retryable: false });
  });

  it('finds the code inside an AggregateError of a happy-eyeballs connect', () => {
    const err = new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED ::1:80'), { code: 'ECONNREFUSED' }),
    ]);
    expect(classifyTransportError(err, timeouts)).toMatchObject({
      code: 'ECONNREFUSED',
      mayHaveReachedServer: false,
    });
  });
});
