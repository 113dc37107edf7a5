// Proxy selection from the environment, as @actions/http-client does it: HTTPS_PROXY for https
// targets, HTTP_PROXY for http targets (lower-case names first), NO_PROXY honoured, and loopback
// never proxied. (undici's EnvHttpProxyAgent would send loopback traffic through the proxy.)

import { BlockList, isIP } from 'node:net';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

function firstSet(env: ProxyEnv, names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** Host name without IPv6 brackets or a trailing dot, lower-cased. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

export function isLoopbackHost(hostname: string): boolean {
  const host = bareHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) {
    const loopback = new BlockList();
    loopback.addAddress('::1', 'ipv6');
    loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
    return loopback.check(host, 'ipv6');
  }
  return false;
}

function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** One NO_PROXY entry: `*`, a host (suffix match), `.suffix`, `*.suffix`, an IP, a CIDR, each with an optional `:port`. */
function matchesEntry(entry: string, host: string, port: number): boolean {
  if (entry === '*') return true;
  let name = entry;
  let entryPort: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(name);
  if (bracketed) {
    name = bracketed[1] ?? '';
    entryPort = bracketed[2] ? Number(bracketed[2]) : undefined;
  } else if ((name.match(/:/g) ?? []).length === 1) {
    const [hostPart, portPart] = name.split(':');
    if (portPart && /^\d+$/.test(portPart)) {
      name = hostPart ?? '';
      entryPort = Number(portPart);
    }
  }
  if (entryPort !== undefined && entryPort !== port) return false;
  name = name.toLowerCase().replace(/\.$/, '');

  if (name.includes('/')) {
    const [address = '', bits = ''] = name.split('/');
    const family = isIP(address);
    const hostFamily = isIP(host);
    if (!family || hostFamily !== family || !/^\d+$/.test(bits)) return false;
    const subnet = new BlockList();
    try {
      subnet.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
    return subnet.check(host, family === 4 ? 'ipv4' : 'ipv6');
  }
  const suffix = name.replace(/^\*?\./, '');
  if (!suffix) return false;
  return host === suffix || host.endsWith(`.${suffix}`);
}

export function bypassesProxy(url: URL, env: ProxyEnv): boolean {
  const host = bareHost(url.hostname);
  if (!host || isLoopbackHost(host)) return true;
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY']);
  if (!noProxy) return false;
  const port = defaultPort(url);
  return noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => matchesEntry(entry, host, port));
}

/** The proxy URL to use for `url`, or undefined to connect directly. */
export function proxyForUrl(url: URL, env: ProxyEnv): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const proxy =
    url.protocol === 'https:'
      ? firstSet(env, ['https_proxy', 'HTTPS_PROXY'])
      : firstSet(env, ['http_proxy', 'HTTP_PROXY']);
  if (!proxy || bypassesProxy(url, env)) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}
