// Only loopback Host headers are served (DNS rebinding), plus the hosts the emulator was started with.
import { afterAll, describe, expect, it } from 'vitest';
import { hostCheck } from '../../src/emulator/host-check.ts';
import { frozenEmulator, getWithHost } from './helpers.ts';

const emu = await frozenEmulator();
afterAll(() => emu.close());
const port = new URL(emu.url).port;
const apps = `${emu.url}/api/v3/applications/acme`;

describe('the Host check', () => {
  it.each([
    `localhost:${port}`,
    'localhost',
    'LocalHost:80',
    `127.0.0.1:${port}`,
    '127.42.0.9',
    `[::1]:${port}`,
    '[0:0:0:0:0:0:0:1]',
  ])('serves Host %s', async (host) => {
    const res = await getWithHost(apps, host);
    expect(res.status).toBe(200);
    expect(res.body[0].url.startsWith(`http://${host}/api/v3/`)).toBe(true);
  });

  it.each([
    'attacker.example',
    `attacker.example:${port}`,
    `localhost.attacker.example:${port}`,
    '127.0.0.1.nip.io',
    '10.0.0.1',
    '0.0.0.0',
    'localhost@attacker.example',
    'localhost/x',
  ])('refuses Host %s with 421 and a Boom body, before anything is logged', async (host) => {
    emu.control.clearRequests();
    const res = await getWithHost(apps, host);
    expect(res.status).toBe(421);
    expect(res.body).toMatchObject({ statusCode: 421, error: 'Misdirected Request' });
    expect(typeof res.body.message).toBe('string');
    expect(emu.control.requests()).toEqual([]);
  });

  it('guards the control API and unknown paths as well', async () => {
    expect((await getWithHost(`${emu.url}/_emulator/runs`, 'attacker.example')).status).toBe(421);
    expect((await getWithHost(`${emu.url}/nothing`, 'attacker.example')).status).toBe(421);
  });

  it('also serves the host it was started on, and the allowed hosts given', async () => {
    const other = await frozenEmulator({ host: '0.0.0.0', allowedHosts: ['ci.example.test'] });
    try {
      const url = `http://127.0.0.1:${new URL(other.url).port}/api/v3/applications/acme`;
      expect((await getWithHost(url, `0.0.0.0:${new URL(other.url).port}`)).status).toBe(200);
      expect((await getWithHost(url, 'CI.example.test:443')).status).toBe(200);
      expect((await getWithHost(url, 'localhost')).status).toBe(200);
      expect((await getWithHost(url, 'attacker.example')).status).toBe(421);
    } finally {
      await other.close();
    }
  });

  it('takes a configured IPv6 address with or without brackets, and refuses a malformed one', () => {
    expect(hostCheck(['fd00::1'])('[fd00:0::1]:8080')).toBe(true);
    expect(hostCheck(['[fd00::1]'])('[fd00::1]')).toBe(true);
    expect(hostCheck([])('[fd00::1]')).toBe(false);
    expect(() => hostCheck(['not a host'])).toThrow('invalid host');
  });
});
