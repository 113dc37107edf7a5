// Rewrites the generated part of a docs page (between two HTML comment markers), formatted as
// `npm run format` would, so that `prettier --check` agrees with what the bench wrote.
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

export async function writeDocsSection(path: string, name: string, body: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = readFileSync(path, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${path} lacks the ${start} … ${end} markers`);
  const next = `${text.slice(0, from + start.length)}\n\n${body.trim()}\n\n${text.slice(to)}`;
  const formatted = await format(next, { ...(await resolveConfig(path)), filepath: path });
  writeFileSync(path, formatted);
}
