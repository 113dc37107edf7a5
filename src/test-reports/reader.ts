// One report read as it streams out of an archive: bytes counted against the cap, decoded, checked for a
// DTD before the parser sees one, and fed to a SAX parser chunk by chunk. Nothing is ever expanded: a
// report that declares a DTD (where entities are declared: "billion laughs") is skipped before the parser
// reads the declaration, and an entity that is not one of XML's five stays as written. A problem skips the
// report with a warning naming it; it never throws out of the reader.
import { SaxesParser } from 'saxes';
import type { TestReport } from '../core/test-results.ts';
import { ReportDecoder } from './decoding.ts';
import { JunitCollector } from './junit.ts';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TEXT_BYTES,
  ReportProblem,
  type ReportLimits,
} from './limits.ts';

/** Receives a report's content as it streams (an `EntryReader` of the artifacts' writer), then says what it held. */
export interface ReportReader {
  data(chunk: Uint8Array): void;
  end(): void;
  /** The report as read so far: call it after `end()`. */
  result(): TestReport;
}

/** The parser's complaints that leave a report readable: characters XML 1.0 does not allow, an unknown entity. */
const TOLERATED = /(?:disallowed character|undefined entity|malformed character entity)/;
/** Where a DTD starts: looked for in the text before the root element, across chunk boundaries. */
const DTD = /<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)/;
const DTD_CARRY = 9;

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

export function createReportReader(path: string, limits: ReportLimits): ReportReader {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const parser = new SaxesParser<{ xmlns: false }>({ xmlns: false });
  const collector = new JunitCollector({
    cases: limits.cases,
    maxTextBytes: limits.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES,
    maxDepth: limits.maxDepth ?? DEFAULT_MAX_DEPTH,
    wantText: (handler) => (handler === undefined ? parser.off('text') : parser.on('text', handler)),
  });
  parser.on('opentag', (tag) => collector.open(tag));
  parser.on('closetag', (tag) => collector.close(tag));
  parser.on('cdata', (text) => collector.text(text));
  parser.on('error', (error) => {
    if (!TOLERATED.test(error.message))
      throw new ReportProblem(`it is not well-formed XML (${error.message})`);
  });
  const decoder = new ReportDecoder();
  let bytes = 0;
  let prolog = '';
  let problem: ReportProblem | undefined;

  // Whatever goes wrong is this report's problem, never the archive's: the reader runs inside the
  // extraction of a step's archive, which must go on.
  const stop = (error: unknown): void => {
    problem =
      error instanceof ReportProblem
        ? error
        : new ReportProblem(
            `it could not be read (${error instanceof Error ? error.message : String(error)})`,
          );
    if (!problem.keepCases) limits.cases.giveBack(collector.cases.length);
  };
  const feed = (text: string): void => {
    if (!collector.rooted && text !== '') {
      const seen = prolog + text;
      if (DTD.test(seen)) throw new ReportProblem('it declares a DTD, and reports are read without one');
      prolog = seen.slice(-DTD_CARRY);
    }
    parser.write(text);
  };

  return {
    data(chunk) {
      if (problem !== undefined) return;
      try {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) throw new ReportProblem(`it is over ${mebibytes(maxBytes)}`);
        feed(decoder.push(chunk));
      } catch (error) {
        stop(error);
      }
    },
    end() {
      if (problem !== undefined) return;
      try {
        feed(decoder.end());
        if (!collector.rooted) throw new ReportProblem('it holds no XML element');
        parser.close();
      } catch (error) {
        stop(error);
      }
    },
    result() {
      const cases = problem === undefined || problem.keepCases ? collector.cases : [];
      const report: TestReport = { file: path, suites: collector.suites, cases };
      if (problem !== undefined) {
        const skipped = problem.keepCases ? 'was cut short' : 'was skipped';
        report.warning = `The test report ${path} ${skipped}: ${problem.message}.`;
      }
      return report;
    },
  };
}
