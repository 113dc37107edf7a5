// The skipped entries of one archive: a count per reason, and the first few names, made inert, for the one
// warning per archive.
import { sanitizeLine } from '../text/safety.ts';
import type { SkipReason } from './entry-rules.ts';

const NAMES_KEPT = 5;
const NAME_LENGTH = 160;

export class SkipTally {
  readonly counts: Partial<Record<SkipReason, number>> = {};
  readonly firstNames: string[] = [];

  add(reason: SkipReason, name: string): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    if (this.firstNames.length < NAMES_KEPT) {
      this.firstNames.push(sanitizeLine(name, { maxLength: NAME_LENGTH }));
    }
  }
}
