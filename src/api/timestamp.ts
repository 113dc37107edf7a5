// Timestamps as real servers sent them: ISO 8601 as documented, or Go's `time.String()` text.

// `2017-07-04 22:43:55.359468446 +0000 UTC`, optionally followed by Go's monotonic reading `m=+0.01`.
const GO_TIME =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))? ([+-]\d{2}):?(\d{2})(?: [A-Za-z]{1,5})?(?: m=[+-][\d.]+)?$/;
// ISO 8601 date-time; a missing zone means UTC (the API only speaks UTC).
const ISO_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function milliseconds(fraction: string | undefined): string {
  return (fraction ?? '').padEnd(3, '0').slice(0, 3);
}

/** ISO 8601 or Go `time.String()` text (fractions truncated to milliseconds); undefined when neither. */
export function parseTimestamp(value: unknown): Date | undefined {
  // A finite number can still be no date (1e20): dropped like any malformed optional field.
  if (typeof value === 'number' && Number.isFinite(value)) return validDate(new Date(value));
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let normalised: string | undefined;
  const go = GO_TIME.exec(text);
  const iso = go ? null : ISO_TIME.exec(text);
  if (go) {
    normalised = `${go[1]}T${go[2]}.${milliseconds(go[3])}${go[4]}:${go[5]}`;
  } else if (iso) {
    const time = iso[2]?.length === 5 ? `${iso[2]}:00` : iso[2];
    let zone = (iso[4] ?? 'Z').toUpperCase();
    if (/^[+-]\d{2}$/.test(zone)) zone += ':00';
    else if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    normalised = `${iso[1]}T${time}.${milliseconds(iso[3])}${zone}`;
  } else if (ISO_DATE.test(text)) {
    normalised = text;
  }
  if (normalised === undefined) return undefined;
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

function validDate(date: Date): Date | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date;
}
