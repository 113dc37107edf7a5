// The one way the action, its post entry and the CLI build a client for the CI service.
import { ApiClient } from './client.ts';

export interface Connection {
  baseUrl: string;
  /** '' or undefined: no Authorization header. */
  token?: string;
  userAgent: string;
  /** Other origins whose step logs may be fetched (the `log-origins` setting); never sent the token. */
  logOrigins?: readonly string[];
  /** One line per request attempt; the token never appears in it. */
  debug?: (line: string) => void;
}

export function createApiClient({ baseUrl, token, userAgent, logOrigins, debug }: Connection): ApiClient {
  return new ApiClient({
    baseUrl,
    userAgent,
    ...(token ? { token } : {}),
    ...(logOrigins?.length ? { extraOrigins: logOrigins } : {}),
    ...(debug ? { debug } : {}),
  });
}

/** Runs `work` with a client and closes it whatever happens. */
export async function withApiClient<T>(
  connection: Connection,
  work: (client: ApiClient) => Promise<T>,
): Promise<T> {
  const client = createApiClient(connection);
  try {
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}
