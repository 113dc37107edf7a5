// Reading response bodies: JSON for the endpoints, a short text prefix of error answers, and step
// logs as a stream.

import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ContractError } from './errors.ts';

/** Reads at most `maxBytes` of a body as text and releases the connection. */
export async function readTextPrefix(body: Readable, maxBytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      size += buffer.length;
      if (size >= maxBytes) break;
    }
  } finally {
    if (!body.destroyed) body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/** The body as an async iterable of bytes; failures mid-stream go through `mapError`. */
export async function* streamBody(
  body: Readable,
  mapError: (err: unknown) => Error,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) {
      yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    }
  } catch (err) {
    throw mapError(err);
  } finally {
    if (!body.destroyed) body.destroy();
  }
}

/** A reader for JSON bodies: an empty or malformed body is a ContractError naming the endpoint. */
export function jsonReader<T>(endpoint: string, parse: (body: unknown) => T) {
  return async (response: Dispatcher.ResponseData): Promise<T> => {
    const text = await response.body.text();
    if (text.trim() === '') throw new ContractError(endpoint, '(body)', 'is empty (expected JSON)');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContractError(endpoint, '(body)', 'is not valid JSON');
    }
    return parse(body);
  };
}
