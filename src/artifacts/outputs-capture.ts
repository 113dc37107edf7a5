// The outputs file's content as it streams by: at most 64 KiB of it, as text.
import { checkEntryName } from './entry-rules.ts';
import type { EntryReader } from './staging-writer.ts';

/** The most of the outputs file kept: what remote outputs may hold per target. */
const MAX_OUTPUTS_BYTES = 64 * 1024;

export interface OutputsCapture {
  /** The entry's path as the writer names it (segments joined with `/`). */
  path: string;
  reader: EntryReader;
  /** The text once the entry was read whole, else undefined. */
  text(): string | undefined;
}

/** A capture for `outputsFile`, or undefined when there is none or its name could never be written. */
export function captureOutputs(outputsFile: string | undefined): OutputsCapture | undefined {
  if (outputsFile === undefined || outputsFile.trim() === '') return undefined;
  const checked = checkEntryName(outputsFile.trim());
  if ('skip' in checked || checked.segments.length === 0) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  return {
    path: checked.segments.join('/'),
    reader: {
      data(chunk) {
        const room = MAX_OUTPUTS_BYTES - size;
        if (room <= 0) return;
        const part = Buffer.from(chunk.subarray(0, room));
        chunks.push(part);
        size += part.length;
      },
      end() {
        ended = true;
      },
    },
    text: () => (ended ? Buffer.concat(chunks).toString('utf8') : undefined),
  };
}
