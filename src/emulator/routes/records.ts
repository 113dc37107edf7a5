// The routes about one record: found from the path, allowed to the caller by its application, shown.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { requireRead, viewContext } from '../http.ts';
import type { EmulatorState } from '../state.ts';
import type { ViewContext } from '../views.ts';
import type { AppRecord } from '../world-records.ts';

/** A route about one record: where it is, what it answers, how the record is found and shown. */
export interface RecordRoute<P, R> {
  url: string;
  schema: v.GenericSchema;
  /** The record the path's parameters name; a 404 when there is none. */
  find: (params: P) => R;
  view: (ctx: ViewContext, record: R) => unknown;
}

type AccessCheck = (state: EmulatorState, request: FastifyRequest, app: AppRecord) => void;

/**
 * Registers `method` on the route: the record is found, its application checked with `allowed`,
 * then changed (when `change` is given) at the time of the request, and shown.
 */
export function registerRecordRoute<P, R extends { app: AppRecord }>(
  app: FastifyInstance,
  state: EmulatorState,
  method: 'GET' | 'PUT',
  route: RecordRoute<P, R>,
  allowed: AccessCheck,
  change?: (record: R, now: number) => void,
): void {
  app.route<{ Params: P }>({
    method,
    url: route.url,
    schema: { response: { 200: route.schema } },
    handler: async (request) => {
      // fastify's params type stays unresolved for a generic P; the route's own P is what it holds.
      const record = route.find(request.params as P);
      allowed(state, request, record.app);
      const ctx = viewContext(state, request);
      change?.(record, ctx.now);
      return route.view(ctx, record);
    },
  });
}

/** GET the record of the path, for whoever may read its application. */
export function getRecord<P, R extends { app: AppRecord }>(
  app: FastifyInstance,
  state: EmulatorState,
  route: RecordRoute<P, R>,
): void {
  registerRecordRoute(app, state, 'GET', route, requireRead);
}
