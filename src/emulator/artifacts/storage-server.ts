// The storage origin: a second listener, on another port, that serves nothing but signed archive URLs, as
// the object store of a real service did. A request that carries an API token (an Authorization header or
// `?token=`) is refused with 400, as object stores refuse two kinds of credentials at once: a client that
// sends its token to another origin fails here, visibly.
import Fastify, { type FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import { hostCheck } from '../host-check.ts';
import { refuseForeignHosts, registerApiHooks, registerErrorHandlers } from '../server.ts';
import type { EmulatorState } from '../state.ts';
import { registerStorageRoute } from './routes.ts';

export function buildStorageServer(state: EmulatorState, hosts: readonly string[]): FastifyInstance {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  refuseForeignHosts(app, hostCheck(hosts));
  // Before the API hooks, which would take the token for a user's.
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (request.headers.authorization !== undefined || query?.token !== undefined) {
      throw new ApiError(400, 'Storage takes a signed URL only: this request also carries a token');
    }
  });
  registerApiHooks(app, state);
  registerErrorHandlers(app);
  registerStorageRoute(app, state);
  return app;
}
