import { describe, expect, it } from 'vitest';
import { bypassesProxy, isLoopbackHost, proxyForUrl } from '../../src/api/proxy.ts';

const proxyFor = (url: string, env: Record<string, string>) => proxyForUrl(new URL(url), env);

describe('isLoopbackHost', () => {
  it('knows localhost, 127.0.0.0/8 and ::1', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'api.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '[::1]',
      '::1',
    ]) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['127.example.test', '10.0.0.1', 'example.test', '[::2]', '128.0.0.1']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});

describe('proxyForUrl', () => {
  const env = { HTTP_PROXY: 'http://proxy.internal:3128', HTTPS_PROXY: 'http://secure-proxy.internal:3128' };

  it('picks the variable for the scheme, lower-case names first', () => {
    expect(proxyFor('http://ci.example.test/api', env)).toBe('http://proxy.internal:3128');
    expect(proxyFor('https://ci.example.test/api', env)).toBe('http://secure-proxy.internal:3128');
    expect(proxyFor('https://ci.example.test', { ...env, https_proxy: 'http://lower:1' })).toBe(
      'http://lower:1',
    );
  });

  it('does not use the http proxy for https targets (as @actions/http-client)', () => {
    expect(proxyFor('https://ci.example.test', { HTTP_PROXY: 'http://p:1' })).toBeUndefined();
  });

  it('adds http:// to a proxy given without a scheme', () => {
    expect(proxyFor('http://ci.example.test', { HTTP_PROXY: 'proxy.internal:3128' })).toBe(
      'http://proxy.internal:3128',
    );
  });

  it('never proxies loopback, whatever NO_PROXY says', () => {
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:1',
      'http://127.9.9.9',
      'http://[::1]:3000',
    ]) {
      expect(proxyFor(url, { ...env, NO_PROXY: 'other.test' })).toBeUndefined();
    }
  });

  it('honours NO_PROXY entries: names, suffixes, wildcards, ports, IPs and CIDRs', () => {
    const check = (noProxy: string, url: string) => bypassesProxy(new URL(url), { NO_PROXY: noProxy });
    expect(check('example.test', 'http://example.test')).toBe(true);
    expect(check('example.test', 'http://ci.example.test')).toBe(true);
    expect(check('.example.test', 'http://ci.example.test')).toBe(true);
    expect(check('*.example.test', 'http://ci.example.test')).toBe(true);
    expect(check('example.test', 'http://notexample.test')).toBe(false);
    expect(check('*', 'http://anything.test')).toBe(true);
    expect(check('ci.example.test:8080', 'http://ci.example.test:8080')).toBe(true);
    expect(check('ci.example.test:8080', 'http://ci.example.test')).toBe(false);
    expect(check('ci.example.test:443', 'https://ci.example.test')).toBe(true);
    expect(check('10.1.2.3', 'http://10.1.2.3')).toBe(true);
    expect(check('10.0.0.0/8', 'http://10.1.2.3')).toBe(true);
    expect(check('10.0.0.0/8', 'http://11.1.2.3')).toBe(false);
    expect(check('fd00::/8', 'http://[fd00::5]')).toBe(true);
    expect(check(' a.test , b.test ', 'http://b.test')).toBe(true);
    expect(check('A.TEST', 'http://a.test')).toBe(true);
  });

  it('reads no_proxy before NO_PROXY and connects directly without any proxy variable', () => {
    expect(proxyFor('http://a.test', { ...env, no_proxy: 'a.test', NO_PROXY: 'b.test' })).toBeUndefined();
    expect(proxyFor('http://a.test', {})).toBeUndefined();
    expect(proxyFor('http://a.test', { HTTP_PROXY: '  ' })).toBeUndefined();
  });
});
