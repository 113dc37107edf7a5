// The server and the token a command talks to: flags first, then CI_RUN_BASE_URL / CI_RUN_TOKEN.
import { ApiClient } from '../api/client.ts';
import { UsageError } from './errors.ts';
import type { Flags } from './flags.ts';
import type { CliIo } from './io.ts';
import { sanitizeLine } from '../text/safety.ts';
import { USER_AGENT } from './version.ts';

export function baseUrlOf(flags: Flags, env: NodeJS.ProcessEnv): string {
  return (flags.string('base-url') ?? env.CI_RUN_BASE_URL ?? '').trim();
}

export function tokenOf(flags: Flags, env: NodeJS.ProcessEnv): string {
  return (flags.string('token') ?? env.CI_RUN_TOKEN ?? '').trim();
}

/** A client for the listing and reading commands; `--verbose` prints each request on stderr. */
function connect(flags: Flags, io: CliIo): ApiClient {
  const baseUrl = baseUrlOf(flags, io.env);
  if (baseUrl === '') throw new UsageError('--base-url is required (or set CI_RUN_BASE_URL).');
  const token = tokenOf(flags, io.env);
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
  const client = connect(flags, io);
  try {
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}
