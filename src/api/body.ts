// Reading response bodies: JSON for the endpoints, a short text prefix of error answers, and step
// logs as a stream.

import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ContractError } from './errors.ts';

/**
 * Reads at most `maxBytes` of a body as text and releases the connection. A text cut short loses
 * its unfinished last word: it could be the start of a token, which no redactor would recognise
 * (a token holds no whitespace).
 */
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
  const text = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
  return size >= maxBytes ? text.replace(/\S+$/, '') : text;
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

/** A JSON body larger than this is refused, not buffered: no answer of the API comes near it. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

/**
 * A reader for JSON bodies: an empty, malformed or oversized body is a ContractError naming the
 * endpoint. At most MAX_JSON_BYTES are held; a larger body is cut off, and so is its connection.
 */
export function jsonReader<T>(endpoint: string, parse: (body: unknown) => T) {
  return async (response: Dispatcher.ResponseData): Promise<T> => {
    const text = await readCapped(response, endpoint);
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

async function readCapped(response: Dispatcher.ResponseData, endpoint: string): Promise<string> {
  const { body } = response;
  const tooLarge = () => {
    body.destroy();
    return new ContractError(endpoint, '(body)', `is larger than ${MAX_JSON_BYTES / 1024 / 1024} MiB`);
  };
  if (Number(response.headers['content-length']) > MAX_JSON_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_JSON_BYTES) throw tooLarge();
    chunks.push(buffer);
  }
  const bytes = Buffer.concat(chunks, size);
  // A leading byte order mark is skipped, as undici's own text() does.
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString('utf8', start);
}
