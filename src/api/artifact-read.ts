// One read of a step's artifacts (`artifactsUrl`), from its first byte or, to resume a read cut short,
// from a byte offset: what the server's answer means, said in words so that the core reads no status
// codes, and the headers that ask for the rest of the same archive and nothing else.
import type { Dispatcher } from 'undici';
import { parseContentRange } from './step-log-read.ts';

/**
 * What identifies one version of the archive: a resumed read asks for the rest only if the archive is
 * still the one it began (`If-Range`). A strong ETag, or else the Last-Modified date.
 */
export interface Validator {
  etag?: string;
  lastModified?: string;
}

/** Where a resumed read starts, and the version of the archive it must continue. */
export interface ArtifactFrom {
  offset: number;
  validator?: Validator;
}

/** One read of a step's artifacts. `length` is always the whole archive's, when the server said it. */
export type ArtifactRead =
  /** The archive from its first byte: a first read, or a resumed one the server answered in full. */
  | { kind: 'whole'; body: AsyncIterable<Uint8Array>; length?: number; validator?: Validator }
  /** The bytes from `start` on: the rest asked for, of the same version. */
  | {
      kind: 'partial';
      start: number;
      body: AsyncIterable<Uint8Array>;
      length?: number;
      validator?: Validator;
    }
  /** Nothing there (yet): some servers store a step's archive a little after the step finished. */
  | { kind: 'not-yet' }
  /** The server says the archive is gone for good. */
  | { kind: 'gone' };

/** A redirect the client follows by hand, each hop checked; `location` undefined when it gave none. */
export interface ArtifactRedirect {
  kind: 'redirect';
  location: string | undefined;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The request headers of a read: no compression (offsets are the archive's own bytes), and a range. */
export function artifactRequestHeaders(from: ArtifactFrom | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (from === undefined || from.offset === 0) return headers;
  headers.range = `bytes=${from.offset}-`;
  const ifRange = from.validator?.etag ?? from.validator?.lastModified;
  if (ifRange !== undefined) headers['if-range'] = ifRange;
  return headers;
}

/** A non-2xx answer that is a result: a redirect, not yet there, gone; undefined for a failure. */
export function settleArtifactAnswer(
  response: Dispatcher.ResponseData,
): ArtifactRead | ArtifactRedirect | undefined {
  const { statusCode } = response;
  if (REDIRECTS.has(statusCode)) return { kind: 'redirect', location: single(response.headers.location) };
  if (statusCode === 404) return { kind: 'not-yet' };
  if (statusCode === 410) return { kind: 'gone' };
  return undefined;
}

/** What a 2xx answer holds besides its body; undefined for a 206 without a usable byte range. */
export function describeArtifactAnswer(
  response: Dispatcher.ResponseData,
): { kind: 'whole' | 'partial'; start: number; length?: number; validator?: Validator } | undefined {
  const validator = validatorOf(response.headers);
  const extra = validator !== undefined ? { validator } : {};
  if (response.statusCode !== 206) {
    const length = byteCount(single(response.headers['content-length']));
    return { kind: 'whole', start: 0, ...(length !== undefined ? { length } : {}), ...extra };
  }
  const range = parseContentRange(response.headers['content-range']);
  if (range?.start === undefined) return undefined;
  return {
    kind: 'partial',
    start: range.start,
    ...(range.totalLength !== undefined ? { length: range.totalLength } : {}),
    ...extra,
  };
}

/**
 * The answer's validator. A weak ETag (`W/"…"`) may not be used in If-Range (RFC 9110 §13.1.5), nor may
 * a value that would not fit in a header.
 */
function validatorOf(headers: Dispatcher.ResponseData['headers']): Validator | undefined {
  const etag = single(headers.etag)?.trim();
  const lastModified = single(headers['last-modified'])?.trim();
  const validator: Validator = {};
  if (etag && /^"[\x21\x23-\x7e\x80-\xff]*"$/.test(etag) && etag.length <= 256) validator.etag = etag;
  if (lastModified && /^[\x20-\x7e]{1,64}$/.test(lastModified) && !Number.isNaN(Date.parse(lastModified))) {
    validator.lastModified = lastModified;
  }
  return validator.etag !== undefined || validator.lastModified !== undefined ? validator : undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function byteCount(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d{1,15}\s*$/.test(value)) return undefined;
  return Number(value);
}
