// A numeric command-line flag of the local servers (the emulator, the fake GitHub), refused by name.
export function parseNumber(name: string, value: string, check: (n: number) => boolean): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new Error(`invalid --${name} ${JSON.stringify(value)}`);
  return n;
}
