// The control API answers only to the control token, sent in a header.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.ts';
import { call, DEMO, fileEmulator, IDS, triggerRun } from './helpers.ts';

const emu = await fileEmulator();

const ROUTES = [
  ['GET', '/_emulator/faults'],
  ['POST', '/_emulator/faults'],
  ['DELETE', '/_emulator/faults'],
  ['GET', '/_emulator/requests'],
  ['DELETE', '/_emulator/requests'],
  ['POST', '/_emulator/reset'],
  ['GET', '/_emulator/clock'],
  ['POST', '/_emulator/clock'],
  ['GET', '/_emulator/quirks'],
  ['PUT', '/_emulator/quirks'],
  ['GET', '/_emulator/runs'],
  ['GET', '/_emulator/runs/'],
  ['GET', '/_emulator/nothing'],
] as const;

async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${emu.url}${path}`, { method, headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('the control token', () => {
  it.each(ROUTES)('%s %s without it is 401 with a Boom body', async (method, path) => {
    const res = await send(method, path);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="emulator control"');
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((res.body as { message: string }).message).toContain('control token');
  });

  it.each(ROUTES)('%s %s with a wrong one is 401', async (method, path) => {
    const last = emu.controlToken.at(-1) === 'x' ? 'y' : 'x';
    const wrong = `${emu.controlToken.slice(0, -1)}${last}`;
    expect((await send(method, path, { authorization: `Bearer ${wrong}` })).status).toBe(401);
    expect((await send(method, path, { 'x-emulator-token': wrong })).status).toBe(401);
    expect((await send(method, path, { authorization: `Bearer ${DEMO}` })).status).toBe(401);
    const res = await send(method, path, { 'x-emulator-token': emu.controlToken.slice(1) });
    expect(res.body).toMatchObject({ statusCode: 401, message: 'The control token is not valid' });
  });

  it('is taken from Authorization: Bearer or from x-emulator-token', async () => {
    expect(
      (await send('GET', '/_emulator/clock', { authorization: `Bearer ${emu.controlToken}` })).status,
    ).toBe(200);
    expect((await send('GET', '/_emulator/clock', { 'x-emulator-token': emu.controlToken })).status).toBe(
      200,
    );
    expect((await send('GET', '/_emulator/nothing', { 'x-emulator-token': emu.controlToken })).status).toBe(
      404,
    );
  });

  it('is never read from the query string or a cookie', async () => {
    const token = encodeURIComponent(emu.controlToken);
    expect((await send('GET', `/_emulator/clock?token=${token}`)).status).toBe(401);
    expect((await send('GET', `/_emulator/clock?access_token=${token}`)).status).toBe(401);
    expect((await send('GET', '/_emulator/clock', { cookie: `token=${emu.controlToken}` })).status).toBe(401);
  });

  it('keeps a cross-origin simple POST from resetting the world', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.test });
    const res = await fetch(`${emu.url}/_emulator/reset`, {
      method: 'POST',
      headers: { origin: 'https://attacker.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(emu.control.runs().map((run) => run.id)).toContain(id);
    expect((await call(emu, 'POST', '/_emulator/reset')).status).toBe(200);
    expect(emu.control.runs().map((run) => run.id)).not.toContain(id);
  });

  it('is random per start unless given', async () => {
    const given = await startEmulator({ speed: 0, controlToken: 'my-control-token' });
    try {
      expect(given.controlToken).toBe('my-control-token');
      const headers = { 'x-emulator-token': 'my-control-token' };
      expect((await fetch(`${given.url}/_emulator/clock`, { headers })).status).toBe(200);
    } finally {
      await given.close();
    }
    expect(emu.controlToken).toMatch(/^[\w-]{32}$/);
    const another = await startEmulator({ speed: 0 });
    await another.close();
    expect(another.controlToken).not.toBe(emu.controlToken);
    await expect(startEmulator({ controlToken: '' })).rejects.toThrow('printable ASCII');
  });

  it('is not needed by the API', async () => {
    expect((await call(emu, 'GET', '/applications/acme')).status).toBe(200);
  });
});
