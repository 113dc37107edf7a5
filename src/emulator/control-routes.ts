// The control API over HTTP, under /_emulator/: the operations of `emulator.control` (emulator-control.ts).
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { createControl } from './emulator-control.ts';
import { iso } from './model/time.ts';
import { closed, integer, oneOf } from './request-schemas.ts';
import type { EmulatorState } from './state.ts';
import { QUIRK_NAMES, SHAPES, type BooleanQuirk } from './types.ts';

const count = (min: number) => v.optional(v.pipe(integer, v.minValue(min)));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const faultBody = closed({
  method: v.optional(v.pipe(v.string(), oneOf([...METHODS, ...METHODS.map((m) => m.toLowerCase())]))),
  route: v.pipe(v.string(), v.minLength(1)),
  status: v.optional(v.pipe(integer, v.minValue(100), v.maxValue(599))),
  retryAfter: v.optional(v.string()),
  delayMs: count(0),
  destroySocket: v.optional(v.boolean()),
  afterApply: v.optional(v.boolean()),
  dropAfterBytes: count(0),
  holdMs: count(0),
  times: count(1),
});

const clockBody = closed({
  speed: v.optional(v.pipe(v.number(), v.minValue(0))),
  advanceMs: v.optional(v.pipe(v.number(), v.minValue(0))),
});

const quirksBody = closed({
  ...(Object.fromEntries(QUIRK_NAMES.map((name) => [name, v.optional(v.boolean())])) as Record<
    BooleanQuirk,
    v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  >),
  shape: v.optional(oneOf(SHAPES)),
  realNames: v.optional(v.boolean()),
});

export function registerControlRoutes(app: FastifyInstance, state: EmulatorState): void {
  const control = createControl(state);
  const clock = () => ({ now: control.now(), iso: iso(control.now()), speed: control.speed() });

  app.post<{ Body: v.InferOutput<typeof faultBody> }>(
    '/_emulator/faults',
    { schema: { body: faultBody } },
    async (request) => {
      control.injectFault(request.body);
      return { faults: control.faults() };
    },
  );
  app.get('/_emulator/faults', async () => ({ faults: control.faults() }));
  app.delete('/_emulator/faults', async () => {
    control.clearFaults();
    return { faults: [] };
  });
  app.get('/_emulator/requests', async () => control.requests());
  app.delete('/_emulator/requests', async () => {
    control.clearRequests();
    return { cleared: true };
  });
  app.post('/_emulator/reset', async () => {
    control.reset();
    return clock();
  });
  app.get('/_emulator/clock', async () => clock());
  app.post<{ Body: v.InferOutput<typeof clockBody> }>(
    '/_emulator/clock',
    { schema: { body: clockBody } },
    async (request) => {
      const { speed, advanceMs } = request.body;
      if (speed !== undefined) control.setSpeed(speed);
      if (advanceMs !== undefined) control.advance(advanceMs);
      return clock();
    },
  );
  app.get('/_emulator/quirks', async () => control.quirks());
  app.put<{ Body: v.InferOutput<typeof quirksBody> }>(
    '/_emulator/quirks',
    { schema: { body: quirksBody } },
    async (request) => {
      control.setQuirks(request.body);
      return control.quirks();
    },
  );
  app.get('/_emulator/runs', async () => control.runs());
  app.get('/_emulator/stats', async () => control.stats());
  app.get('/_emulator/storage', async () => ({ url: state.artifacts.storageBase }));
}
