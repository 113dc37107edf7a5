// `node tools/fake-github/cli.ts [--port 0] [--host 127.0.0.1] [--ghes] [--chaos-seed N --chaos-rate R]`.
// Prints the API URL on the first line, then one line per request and per violation on stderr; serves until
// SIGINT or SIGTERM, then prints a summary and exits 0.
import { parseArgs } from 'node:util';
import { sanitizeLine } from '../../src/text/safety.ts';
import { parseNumber } from '../../src/emulator/number-flag.ts';
import { startFakeGitHub } from './index.ts';

const USAGE = `Usage: node tools/fake-github/cli.ts [--port 0] [--host 127.0.0.1] [--ghes] [--chaos-seed N --chaos-rate 0.1]
Serves GitHub's REST API for commit statuses, check runs and deployments, checked against GitHub's OpenAPI
description. Any "token X" or "Bearer X" Authorization is accepted. --ghes serves it under /api/v3.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      ghes: { type: 'boolean', default: false },
      'chaos-seed': { type: 'string' },
      'chaos-rate': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = parseNumber('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535);
  const gh = await startFakeGitHub({
    port,
    host: values.host,
    ghes: values.ghes,
    // Client-sent text (paths, field names) is printed only once made inert.
    onRequest: (r) => {
      const outcome = `${r.lost ? 'lost' : r.status}${r.fault ? ` (${r.fault})` : ''}`;
      console.error(sanitizeLine(`${r.method} ${r.path}${r.query} -> ${outcome}`));
    },
    onViolation: (v) =>
      console.error(sanitizeLine(`violation [${v.kind}] ${v.method} ${v.path}: ${v.message}`)),
  });
  if (values['chaos-seed'] !== undefined || values['chaos-rate'] !== undefined) {
    const seed = parseNumber('chaos-seed', values['chaos-seed'] ?? '1', Number.isInteger);
    const rate = parseNumber('chaos-rate', values['chaos-rate'] ?? '0.1', (n) => n >= 0 && n <= 1);
    gh.random({ seed, rate });
  }
  console.log(gh.apiUrl);
  const stop = async () => {
    await gh.close();
    const faults = gh.faultsInjected.total;
    console.error(
      `${gh.requests.length} requests, ${gh.violations.length} violations, ${faults} faults injected`,
    );
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(2);
});
