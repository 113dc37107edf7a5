// A token without one permission, for one chaos run: a pass-through to the fake GitHub (127.0.0.1 only)
// that answers every write of one report with GitHub's 403 for a token lacking `statuses`, `checks` or
// `deployments: write`, as a pull request from a fork gets. Reads pass: a read-only token may read.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { faultResponse } from '../../tools/fake-github/fault-responses.ts';
import type { ReportInput } from './plan-github.ts';

export interface PermissionGate {
  url: string;
  /** Writes answered 403. */
  denied(): number;
  close(): Promise<void>;
}

const WRITES: Readonly<Record<ReportInput, { permission: string; docs: string; path: RegExp }>> = {
  'commit-status': {
    permission: 'statuses=write',
    docs: 'https://docs.github.com/rest/commits/statuses#create-a-commit-status',
    path: /^\/repos\/[^/]+\/[^/]+\/statuses\/[^/]+$/,
  },
  'check-run': {
    permission: 'checks=write',
    docs: 'https://docs.github.com/rest/checks/runs',
    path: /^\/repos\/[^/]+\/[^/]+\/check-runs(?:\/\d+)?$/,
  },
  'deployment-environment': {
    permission: 'deployments=write',
    docs: 'https://docs.github.com/rest/deployments/deployments',
    path: /^\/repos\/[^/]+\/[^/]+\/deployments(?:\/\d+\/statuses)?$/,
  },
};

/** Whether GitHub would refuse this request to a token without the report's permission. */
export function isDeniedWrite(report: ReportInput, method: string, path: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && WRITES[report].path.test(path);
}

export async function startPermissionGate(options: {
  target: string;
  deny: ReportInput;
}): Promise<PermissionGate> {
  const target = new URL(options.target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const sockets = new Set<Socket>();
  const write = WRITES[options.deny];
  let denied = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (isDeniedWrite(options.deny, method, path)) {
        denied += 1;
        const answer = faultResponse(
          { kind: 'forbidden', retryAfter: 0 },
          { documentationUrl: write.docs, permission: write.permission, requestId: '', now: new Date() },
        );
        response.writeHead(answer.status, {
          'content-type': 'application/json; charset=utf-8',
          ...answer.headers,
        });
        response.end(JSON.stringify(answer.body));
        return;
      }
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method,
          path: request.url,
          headers: { ...request.headers, host: target.host, 'content-length': String(body.length) },
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      // The fake GitHub dropped the connection (a lost response): so does the gate.
      upstream.on('error', () => request.socket.destroy());
      upstream.end(body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`,
    denied: () => denied,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
