// An archive as storage serves it (RFC 9110): `Accept-Ranges`, a strong `ETag`, `Last-Modified` (the step's
// end), one `Range` as 206 with `Content-Range`, a range past the end as 416 with `Content-Range: bytes */size`,
// and `If-Range`: a Range whose validator does not match the archive's is ignored (200, the whole archive).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { boom } from '../errors.ts';
import { rangeOf } from '../routes/log-range.ts';
import type { Archive } from './archive-store.ts';

export function sendArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  archive: Archive,
  storedAt: number,
  /** A plain server: no Range, no validators, always the whole archive. */
  plain = false,
): FastifyReply {
  void reply
    .header('content-disposition', 'attachment; filename="artifacts.tar.gz"')
    .type('application/gzip');
  if (plain) return reply.header('content-length', archive.size).send(bytesOf(archive, 0, archive.size));
  const lastModified = new Date(storedAt).toUTCString();
  void reply
    .header('accept-ranges', 'bytes')
    .header('etag', archive.etag)
    .header('last-modified', lastModified);
  const ifRange = request.headers['if-range'];
  const validatorHolds = ifRange === undefined || ifRange === archive.etag || ifRange === lastModified;
  const range = validatorHolds ? rangeOf(request.headers.range, archive.size) : { kind: 'whole' as const };
  if (range.kind === 'whole') {
    return reply.header('content-length', archive.size).send(bytesOf(archive, 0, archive.size));
  }
  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${archive.size}`)
      .type('application/json; charset=utf-8')
      .send(boom(416, `The archive has ${archive.size} bytes`));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end - 1}/${archive.size}`)
    .header('content-length', range.end - range.start)
    .send(bytesOf(archive, range.start, range.end));
}

/**
 * Bytes `start` to `end` (exclusive). With its end given, the stream ends with its last byte instead of one
 * read later, so the answer is complete on the server as soon as the client has it all, and closing the
 * emulator right after a download finds the connection idle.
 */
function bytesOf(archive: Archive, start: number, end: number) {
  return createReadStream(archive.file, { start, end: end - 1 });
}
