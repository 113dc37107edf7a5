// Reading response bodies: JSON for the endpoints, a short text prefix of error answers, and step
// logs as a stream.

import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { BodyLease } from './body-budget.ts';
import { ContractError } from './errors.ts';
import { droppedBytes } from './dropped-bytes.ts';
import type { Bounded } from './exchange-types.ts';
import { JsonClipper } from './json-clip.ts';
import { withCutTexts, type CutAtRead } from './remote-text.ts';

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

/**
 * A JSON body larger than this is refused, not read on. No answer of API v3 comes near it: lists are
 * paged (at most 100 applications, 20 runs, builds or workflows a page), and the unpaged answers are
 * one resource or a run's steps, about 400 bytes a step: 10,000 steps are under 4 MiB. It counts the
 * bytes that arrive, not the bytes kept (long texts are cut as they arrive, json-clip.ts): it bounds
 * the time and traffic one answer may take, which cutting does not.
 */
const MAX_JSON_BYTES = 8 * 1024 * 1024;

/**
 * A reader for JSON bodies: an empty, malformed or oversized body is a ContractError naming the
 * endpoint. At most MAX_JSON_BYTES are read; a larger body is cut off, and so is its connection. Long
 * string literals are cut as they arrive (json-clip.ts): what is held is the rest of the body and 4 KiB
 * of each long text. While it is read and parsed, what the body holds counts against the budget it is
 * given (one for the process), and waits for room there; a wait ends with the attempt (its signal or
 * its total time limit).
 */
export function jsonReader<T>(endpoint: string, parse: (body: unknown) => T) {
  return async (response: Dispatcher.ResponseData, _path: string, bounded: Bounded): Promise<T> => {
    const lease = bounded.bodies.open();
    try {
      const signal = bounded.signal ? AbortSignal.any([bounded.signal, bounded.limit]) : bounded.limit;
      const { text, cut, malformed } = await readCapped(response, endpoint, lease, signal);
      if (text.trim() === '') throw new ContractError(endpoint, '(body)', 'is empty (expected JSON)');
      let body: unknown;
      try {
        if (malformed) throw new SyntaxError('a long string is not valid JSON');
        body = JSON.parse(text);
      } catch {
        throw new ContractError(endpoint, '(body)', 'is not valid JSON');
      }
      return cut.size > 0 ? withCutTexts(cut, () => parse(body)) : parse(body);
    } finally {
      lease.release();
    }
  };
}

async function readCapped(
  response: Dispatcher.ResponseData,
  endpoint: string,
  lease: BodyLease,
  signal: AbortSignal,
): Promise<{ text: string; cut: Map<string, CutAtRead>; malformed: boolean }> {
  const { body } = response;
  const tooLarge = () =>
    new ContractError(endpoint, '(body)', `is larger than ${MAX_JSON_BYTES / 1024 / 1024} MiB`);
  try {
    if (Number(response.headers['content-length']) > MAX_JSON_BYTES) throw tooLarge();
    const clipper = new JsonClipper();
    let size = 0;
    let taken = 0;
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MAX_JSON_BYTES) throw tooLarge();
      clipper.push(buffer);
      // Counted as read: all but the body's short part is dropped as soon as scanned.
      droppedBytes(buffer.length);
      // The budget counts what is held, which grows by at most the chunk (a long text's bytes do not).
      if (clipper.held > taken) {
        await lease.take(clipper.held - taken, signal);
        taken = clipper.held;
      }
    }
    const { bytes, cut, malformed } = clipper.end();
    // A leading byte order mark is skipped, as undici's own text() does.
    const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    return { text: bytes.toString('utf8', start), cut, malformed };
  } catch (err) {
    // Refused, or cut off while waiting for room: the rest is not read, and the connection goes.
    body.destroy();
    throw err;
  }
}
