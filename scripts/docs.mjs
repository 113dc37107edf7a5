// Generates the README's inputs and outputs tables from action.yml.
// `node scripts/docs.mjs` rewrites them; `--check` fails when the README has drifted.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';

const check = process.argv.includes('--check');
const action = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8'));
const readmeUrl = new URL('../README.md', import.meta.url);
const readme = readFileSync(readmeUrl, 'utf8');

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ')
    .trim();
const inputs = [
  '| input | default | description |',
  '|---|---|---|',
  ...Object.entries(action.inputs ?? {}).map(
    ([name, spec]) =>
      `| \`${name}\` | ${spec.default ? `\`${cell(spec.default)}\`` : ''} | ${cell(spec.description)} |`,
  ),
].join('\n');
const outputs = [
  '| output | description |',
  '|---|---|',
  ...Object.entries(action.outputs ?? {}).map(
    ([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`,
  ),
].join('\n');

function replaceBlock(text, name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

// Formatted as `npm run format` would, so the check and the formatter agree.
const readmePath = fileURLToPath(readmeUrl);
const next = await format(replaceBlock(replaceBlock(readme, 'inputs', inputs), 'outputs', outputs), {
  ...(await resolveConfig(readmePath)),
  filepath: readmePath,
});
if (check) {
  if (next !== readme) {
    console.error('README.md inputs/outputs tables differ from action.yml; run `npm run docs`.');
    process.exit(1);
  }
} else if (next !== readme) {
  writeFileSync(readmeUrl, next);
}
