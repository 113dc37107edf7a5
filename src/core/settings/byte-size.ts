// Sizes as users write them: `2GB`, `500 MiB`, `1048576`. KB, MB, GB and TB are decimal (powers of 1000),
// KiB, MiB, GiB and TiB binary (powers of 1024), as the units' own standards say; `B` or no unit is bytes.
// Units are case-insensitive, numbers whole: a fraction of a byte limit is a typing mistake.

const BYTE_SIZE_FORMS =
  'a whole number with a unit such as `500MB`, `2GB` or `1GiB` (KB, MB, GB, TB are powers of 1000; ' +
  'KiB, MiB, GiB, TiB powers of 1024), or a bare number of bytes';

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  tb: 1000 ** 4,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

const FORM = /^(\d+)\s*([a-z]*)$/i;

export class ByteSizeError extends Error {
  override name = 'ByteSizeError';
}

/** Bytes for `text`; throws a ByteSizeError for anything that is not a whole, positive size. */
export function parseByteSize(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') throw new ByteSizeError('the size is empty.');
  const shown = JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
  const match = FORM.exec(trimmed);
  if (match === null) {
    const why = /^\d*[.,]\d/.test(trimmed) ? 'is not a whole number' : 'is not a size';
    throw new ByteSizeError(`${shown} ${why}; write ${BYTE_SIZE_FORMS}.`);
  }
  const name = (match[2] ?? '').toLowerCase() || 'b';
  // Own keys only: `5constructor` is not a unit.
  const unit = Object.hasOwn(UNITS, name) ? UNITS[name] : undefined;
  if (unit === undefined) {
    throw new ByteSizeError(`${shown} has an unknown unit; write ${BYTE_SIZE_FORMS}.`);
  }
  const bytes = Number(match[1]) * unit;
  if (bytes === 0) throw new ByteSizeError(`${shown} is zero: the size must be at least one byte.`);
  if (!Number.isSafeInteger(bytes)) throw new ByteSizeError(`${shown} is too large.`);
  return bytes;
}
