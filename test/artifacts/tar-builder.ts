// Archives built byte by byte, so a test can hold any entry a hostile server could send: names `tar.create`
// would refuse or rewrite (absolute, `..`, backslashes, invalid UTF-8), links, devices, FIFOs, and archives
// cut anywhere.
import { createGzip, gzipSync } from 'node:zlib';

export interface RawEntry {
  /** The name as bytes or text (text is written as UTF-8). Longer than 100 bytes goes in a pax header. */
  name: string | Buffer;
  /** The tar type flag: '0' file (default), '5' folder, '1' hardlink, '2' symlink, '3'/'4' devices, '6' FIFO. */
  type?: string;
  body?: Buffer | string;
  linkname?: string;
  mode?: number;
  /** A name given in a pax header before the entry (which overrides the header's own name). */
  paxPath?: string;
  /** A name given in a GNU long-name entry (`L`) before the entry. */
  gnuLongName?: string;
}

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(
  name: Buffer,
  type: string,
  size: number,
  options: { linkname?: string; mode?: number },
): Buffer {
  const block = Buffer.alloc(BLOCK);
  name.copy(block, 0, 0, Math.min(name.length, 100));
  block.write(octal(options.mode ?? (type === '5' ? 0o755 : 0o644), 8), 100, 'latin1');
  block.write(octal(1000, 8), 108, 'latin1');
  block.write(octal(1000, 8), 116, 'latin1');
  block.write(octal(size, 12), 124, 'latin1');
  block.write(octal(1_700_000_000, 12), 136, 'latin1');
  block.write(type, 156, 'latin1');
  if (options.linkname !== undefined) block.write(options.linkname, 157, 'utf8');
  block.write('ustar\u000000', 257, 'latin1');
  block.write('someone', 265, 'latin1');
  block.write('people', 297, 'latin1');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'latin1');
  return block;
}

function padded(body: Buffer): Buffer[] {
  const rest = body.length % BLOCK;
  return rest === 0 ? [body] : [body, Buffer.alloc(BLOCK - rest)];
}

function paxRecord(key: string, value: Buffer): Buffer {
  const tail = Buffer.concat([Buffer.from(` ${key}=`), value, Buffer.from('\n')]);
  let length = tail.length + 1;
  while (String(length).length + tail.length !== length) length += 1;
  return Buffer.concat([Buffer.from(String(length)), tail]);
}

/** The tar bytes of `entries`, with tar's two end blocks unless `end` is false. */
export function tarOf(entries: RawEntry[], end = true): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const type = entry.type ?? '0';
    const body = entry.body === undefined ? Buffer.alloc(0) : Buffer.from(entry.body);
    if (entry.gnuLongName !== undefined) {
      const long = Buffer.from(`${entry.gnuLongName}\0`);
      parts.push(header(Buffer.from('././@LongLink'), 'L', long.length, {}), ...padded(long));
    }
    if (name.length > 100 || entry.paxPath !== undefined) {
      const pax = paxRecord('path', entry.paxPath === undefined ? name : Buffer.from(entry.paxPath));
      parts.push(header(Buffer.from('PaxHeader/long'), 'x', pax.length, {}), ...padded(pax));
    }
    const options = {
      ...(entry.linkname !== undefined ? { linkname: entry.linkname } : {}),
      ...(entry.mode !== undefined ? { mode: entry.mode } : {}),
    };
    parts.push(header(name, type, body.length, options), ...padded(body));
  }
  if (end) parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

export function tarGz(entries: RawEntry[]): Buffer {
  return gzipSync(tarOf(entries));
}

/** `bytes` as a stream of chunks of `size` bytes, as a socket would deliver them. */
export async function* chunksOf(bytes: Buffer, size = 4096): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    yield bytes.subarray(offset, offset + size);
  }
}

/**
 * A gzipped tar of one file of `size` zero bytes, compressed as it is built, so a test holds a 256 MiB
 * member in well under 1 MB of memory.
 */
export async function hugeTarGz(name: string, size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => gzip.on('end', resolve));
  const first = tarOf([{ name, body: Buffer.alloc(0) }], false);
  // The header of an empty file, with the size put in and the checksum made again.
  first.write(size.toString(8).padStart(11, '0') + '\0', 124, 'latin1');
  first.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of first) sum += byte;
  first.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  gzip.write(first);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    if (!gzip.write(zeros.subarray(0, Math.min(zeros.length, size - written)))) {
      await new Promise((resolve) => gzip.once('drain', resolve));
    }
  }
  gzip.end(Buffer.alloc(1024 + ((512 - (size % 512)) % 512)));
  await ended;
  return Buffer.concat(out);
}
