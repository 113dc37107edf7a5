// The control API over HTTP, under /_emulator/: the operations of `emulator.control` (emulator-control.ts).
import type { FastifyInstance } from 'fastify';
import { createControl } from './emulator-control.ts';
import { iso } from './model/time.ts';
import type { EmulatorState } from './state.ts';
import { QUIRK_NAMES, type FaultSpec, type Quirks } from './types.ts';

const faultBody = {
  type: 'object',
  additionalProperties: false,
  required: ['route'],
  properties: {
    method: {
      type: 'string',
      enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'get', 'post', 'put', 'patch', 'delete'],
    },
    route: { type: 'string', minLength: 1 },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    retryAfter: { type: 'string' },
    delayMs: { type: 'integer', minimum: 0 },
    destroySocket: { type: 'boolean' },
    afterApply: { type: 'boolean' },
    holdMs: { type: 'integer', minimum: 0 },
    times: { type: 'integer', minimum: 1 },
  },
};

const clockBody = {
  type: 'object',
  additionalProperties: false,
  properties: { speed: { type: 'number', minimum: 0 }, advanceMs: { type: 'number', minimum: 0 } },
};

const quirksBody = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(QUIRK_NAMES.map((name) => [name, { type: 'boolean' }])),
};

export function registerControlRoutes(app: FastifyInstance, state: EmulatorState): void {
  const control = createControl(state);
  const clock = () => ({ now: control.now(), iso: iso(control.now()), speed: control.speed() });

  app.post<{ Body: FaultSpec }>('/_emulator/faults', { schema: { body: faultBody } }, async (request) => {
    control.injectFault(request.body);
    return { faults: control.faults() };
  });
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
  app.post<{ Body: { speed?: number; advanceMs?: number } | undefined }>(
    '/_emulator/clock',
    { schema: { body: clockBody } },
    async (request) => {
      const body = request.body ?? {};
      if (body.speed !== undefined) control.setSpeed(body.speed);
      if (body.advanceMs !== undefined) control.advance(body.advanceMs);
      return clock();
    },
  );
  app.get('/_emulator/quirks', async () => control.quirks());
  app.put<{ Body: Partial<Quirks> }>(
    '/_emulator/quirks',
    { schema: { body: quirksBody } },
    async (request) => {
      control.setQuirks(request.body);
      return control.quirks();
    },
  );
  app.get('/_emulator/runs', async () => control.runs());
}
