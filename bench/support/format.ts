// How figures are printed in the tables.

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Math.abs(value) >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  if (Math.abs(value) >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (Math.abs(value) >= 10) return `${Math.round(value)} ms`;
  return `${value.toFixed(value >= 1 ? 1 : 2)} ms`;
}

export function bytes(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (value >= 1024 * 1024) return `${(value / (1024 * 1024)).toFixed(1)} MiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${value} B`;
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '–';
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

/** `10 s`, `5 min`, `2 h`. */
export function duration(valueMs: number): string {
  if (valueMs < 60_000) return `${valueMs / 1000} s`;
  if (valueMs < 3_600_000) return `${valueMs / 60_000} min`;
  return `${valueMs / 3_600_000} h`;
}
