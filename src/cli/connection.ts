// The server and the token a command talks to: flags first, then CI_RUN_BASE_URL / CI_RUN_TOKEN.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ApiClient } from '../api/client.ts';
import { UsageError } from './errors.ts';
import type { Flags } from './flags.ts';
import type { CliIo } from './io.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';
import { USER_AGENT } from './version.ts';

export function baseUrlOf(flags: Flags, env: NodeJS.ProcessEnv): string {
  return (flags.string('base-url') ?? env.CI_RUN_BASE_URL ?? '').trim();
}

/** The token from --token, --token-file (a path, or `-` for standard input) or CI_RUN_TOKEN; '' for none. */
export async function tokenOf(flags: Flags, io: CliIo): Promise<string> {
  const file = flags.string('token-file');
  if (file === undefined) return (flags.string('token') ?? io.env.CI_RUN_TOKEN ?? '').trim();
  const source = file === '-' ? 'standard input' : JSON.stringify(file);
  let text: string;
  try {
    text = file === '-' ? await io.readStdin() : await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const reason = (error as { code?: string }).code ?? messageOf(error);
    throw new UsageError(`cannot read --token-file ${source} (${reason}).`);
  }
  const token = text.trim();
  if (token === '') throw new UsageError(`--token-file ${source} holds no token: it is empty.`);
  if (/[\r\n]/.test(token)) {
    throw new UsageError(`--token-file ${source} must hold the token alone, on one line.`);
  }
  return token;
}

/**
 * Checks how the token was given, before anything else happens: not twice, and a warning when on the
 * command line, where `ps` shows it to every local user.
 */
export function checkTokenFlags(flags: Flags, io: CliIo): void {
  if (flags.has('token') && flags.has('token-file')) {
    throw new UsageError('give the token once: --token or --token-file, not both.');
  }
  if ((flags.string('token') ?? '').trim() !== '') {
    io.stderr.write(
      'ci-run: warning: a --token on the command line can be read by other local users in the process ' +
        'list (ps); use --token-file <path|-> or the CI_RUN_TOKEN environment variable instead.\n',
    );
  }
}

/** A client for the listing and reading commands; `--verbose` prints each request on stderr. */
async function connect(flags: Flags, io: CliIo): Promise<ApiClient> {
  const baseUrl = baseUrlOf(flags, io.env);
  if (baseUrl === '') throw new UsageError('--base-url is required (or set CI_RUN_BASE_URL).');
  const token = await tokenOf(flags, io);
  return new ApiClient({
    baseUrl,
    ...(token ? { token } : {}),
    userAgent: USER_AGENT,
    ...(flags.boolean('verbose')
      ? { debug: (line: string) => io.stderr.write(`debug: ${sanitizeLine(line)}\n`) }
      : {}),
  });
}

/** Runs `work` with a client and closes it whatever happens. */
export async function withClient<T>(
  flags: Flags,
  io: CliIo,
  work: (client: ApiClient) => Promise<T>,
): Promise<T> {
  const client = await connect(flags, io);
  try {
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}
