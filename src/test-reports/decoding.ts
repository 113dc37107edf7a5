// A report's bytes as text, decoded as they stream: UTF-8 (the default, with or without a byte order
// mark), UTF-16 (by its byte order mark, or by how `<?xml` looks in it), or ISO-8859-1 when the XML
// declaration names it. Any other encoding, and bytes that are not valid in the one chosen, are a problem:
// the report is skipped rather than read as something it is not.
import { ReportProblem } from './limits.ts';

type Decode = (bytes: Uint8Array, end: boolean) => string;

/** How much is read before deciding without an XML declaration's end: declarations are short. */
const MAX_HEAD = 1024;

const LATIN1_NAMES = new Set([
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'iso-8859-1:1987',
  'latin1',
  'latin-1',
  'l1',
  'cp819',
  'ibm819',
  'iso-ir-100',
]);
const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

function textDecoding(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', label: string): Decode {
  const decoder = new TextDecoder(encoding, { fatal: true });
  return (bytes, end) => {
    try {
      return decoder.decode(bytes, { stream: !end });
    } catch {
      throw new ReportProblem(`it is not valid ${label}`);
    }
  };
}

const latin1: Decode = (bytes) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((byte, i) => head[i] === byte);
}

/** The encoding an XML declaration at the start of ASCII-compatible bytes names, in lower case. */
function declaredEncoding(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
  const declaration = /^<\?xml\s[^>]*?\?>/.exec(text);
  if (declaration === null) return undefined;
  const encoding = /\sencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._:-]{0,39})\1/.exec(declaration[0]);
  return encoding?.[2]?.toLowerCase();
}

/** The decoding for a report that starts with these bytes, or undefined when more are needed. */
function chooseDecoding(head: Uint8Array, complete: boolean): Decode | undefined {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return textDecoding('utf-8', 'UTF-8');
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0x3c, 0x00, 0x3f, 0x00])) {
    return textDecoding('utf-16le', 'UTF-16');
  }
  if (startsWith(head, [0xfe, 0xff]) || startsWith(head, [0x00, 0x3c, 0x00, 0x3f])) {
    return textDecoding('utf-16be', 'UTF-16');
  }
  const xmlStart = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // <?xml
  const couldDeclare = xmlStart.every((byte, i) => i >= head.length || head[i] === byte);
  if (!couldDeclare) return textDecoding('utf-8', 'UTF-8');
  const ended = head.indexOf(0x3e) !== -1; // the declaration's `>`
  if (!ended && !complete && head.length < MAX_HEAD) return undefined;
  const name = declaredEncoding(head);
  if (name === undefined || UTF8_NAMES.has(name)) return textDecoding('utf-8', 'UTF-8');
  if (LATIN1_NAMES.has(name)) return latin1;
  if (name.startsWith('utf-16')) throw new ReportProblem(`it declares ${name.toUpperCase()}, yet is not`);
  throw new ReportProblem(
    `it is encoded in ${JSON.stringify(name)}, and only UTF-8, UTF-16 and ISO-8859-1 are read`,
  );
}

/** Bytes in, text out, chunk by chunk; throws a ReportProblem for an encoding it does not read. */
export class ReportDecoder {
  #decode: Decode | undefined;
  #head: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): string {
    return this.#feed(chunk, false);
  }

  end(): string {
    return this.#feed(new Uint8Array(0), true);
  }

  #feed(chunk: Uint8Array, end: boolean): string {
    if (this.#decode !== undefined) return this.#decode(chunk, end);
    this.#head = Buffer.concat([this.#head, chunk]);
    // Four bytes tell the byte order marks and UTF-16's `<?`; the declaration needs more.
    if (this.#head.length < 4 && !end) return '';
    this.#decode = chooseDecoding(this.#head, end);
    if (this.#decode === undefined) return '';
    const head = this.#head;
    this.#head = Buffer.alloc(0);
    return this.#decode(head, end);
  }
}
