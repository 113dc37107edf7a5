// The encodings a report may be in: UTF-8 with or without its byte order mark, UTF-16 either way round
// (by its mark or by how `<?xml` looks), ISO-8859-1 when the declaration names it. Anything else, and
// bytes that are not valid in the encoding chosen, skip the report with a warning naming it.
import { describe, expect, it } from 'vitest';
import { readReport } from './read.ts';

const NAME = 'Größe überprüft – 東京 🚀';

function report(declaration: string): string {
  return `${declaration}<testsuite name="suite"><testcase name="${NAME}"><failure message="${NAME}"/></testcase></testsuite>`;
}

function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

const names = (content: string | Uint8Array, chunkSize?: number) => {
  const read = readReport(content, chunkSize === undefined ? {} : { chunkSize });
  expect(read.warning).toBeUndefined();
  return read.cases.map((test) => [test.name, test.message]);
};

describe('the encodings of a report', () => {
  it('UTF-8, declared or not, with or without a byte order mark, split anywhere', () => {
    for (const chunkSize of [1, 2, 5]) {
      expect(names(report('<?xml version="1.0" encoding="UTF-8"?>'), chunkSize)).toEqual([[NAME, NAME]]);
      expect(names(report(''), chunkSize)).toEqual([[NAME, NAME]]);
      const marked = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(report('<?xml version="1.0"?>')),
      ]);
      expect(names(marked, chunkSize)).toEqual([[NAME, NAME]]);
    }
  });

  it('UTF-16, little and big endian, by the byte order mark or without one', () => {
    const text = report('<?xml version="1.0" encoding="UTF-16"?>');
    const le = Buffer.from(text, 'utf16le');
    const be = utf16be(text);
    for (const chunkSize of [1, 3, 7]) {
      expect(names(Buffer.concat([Buffer.from([0xff, 0xfe]), le]), chunkSize)).toEqual([[NAME, NAME]]);
      expect(names(Buffer.concat([Buffer.from([0xfe, 0xff]), be]), chunkSize)).toEqual([[NAME, NAME]]);
      expect(names(le, chunkSize)).toEqual([[NAME, NAME]]);
      expect(names(be, chunkSize)).toEqual([[NAME, NAME]]);
    }
  });

  it('ISO-8859-1 when the declaration names it, in any of its names and cases', () => {
    const latin = 'Größe überprüft';
    for (const name of ['ISO-8859-1', 'iso-8859-1', 'latin1', "ISO8859-1' standalone='yes"]) {
      const bytes = Buffer.from(
        `<?xml version="1.0" encoding='${name}'?><testsuite name="s"><testcase name="${latin}"/></testsuite>`,
        'latin1',
      );
      expect(names(bytes, 3)).toEqual([[latin, undefined]]);
    }
  });

  it('skips a report in another encoding, naming it and the encoding', () => {
    for (const name of ['windows-1252', 'Shift_JIS', 'EBCDIC-cp-us']) {
      const read = readReport(
        `<?xml version="1.0" encoding="${name}"?><testsuite><testcase name="a"/></testsuite>`,
        {
          path: 'out/TEST-a.xml',
        },
      );
      expect(read.cases).toEqual([]);
      expect(read.warning).toBe(
        `The test report out/TEST-a.xml was skipped: it is encoded in "${name.toLowerCase()}", and only UTF-8, UTF-16 and ISO-8859-1 are read.`,
      );
    }
  });

  it('skips a report that declares UTF-16 yet is written in single bytes', () => {
    const read = readReport('<?xml version="1.0" encoding="UTF-16"?><testsuite/>');
    expect(read.warning).toMatch(/skipped: it declares UTF-16, yet is not\.$/);
  });

  it('skips a report that is not valid UTF-8: a Latin-1 byte, a truncated sequence, an overlong one', () => {
    const invalid = [
      Buffer.from('<testsuite><testcase name="Gr\xf6\xdfe"/></testsuite>', 'latin1'),
      Buffer.concat([
        Buffer.from('<testsuite><testcase name="'),
        Buffer.from([0xe6, 0x9d]),
        Buffer.from('"/></testsuite>'),
      ]),
      Buffer.concat([
        Buffer.from('<testsuite><testcase name="'),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from('"/></testsuite>'),
      ]),
      // cut inside its last character
      Buffer.concat([Buffer.from('<testsuite/><!--'), Buffer.from([0xf0, 0x9f, 0x9a])]),
    ];
    for (const bytes of invalid) {
      const read = readReport(bytes, { path: 'r.xml' });
      expect(read.cases).toEqual([]);
      expect(read.warning).toBe('The test report r.xml was skipped: it is not valid UTF-8.');
    }
  });

  it('skips UTF-16 with a lone surrogate', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<testsuite><testcase name="', 'utf16le'),
      Buffer.from([0x00, 0xd8]),
      Buffer.from('"/></testsuite>', 'utf16le'),
    ]);
    expect(readReport(bytes, { path: 'r.xml' }).warning).toBe(
      'The test report r.xml was skipped: it is not valid UTF-16.',
    );
  });
});
