// Which Host headers the emulator answers. Every URL it hands out is built from Host, and it holds
// well-known tokens: a web page that rebinds its own name to 127.0.0.1 (DNS rebinding) must not be
// able to talk to it. So only loopback names are served, plus the hosts it was configured with.
import { isIPv4 } from 'node:net';

/** A name or an IP literal (IPv6 in brackets), then an optional port; nothing else may be in Host. */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/** The hostname of a Host header, normalised as a browser would (lower case, canonical IPs). */
function hostnameOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : HOST_HEADER.exec(header.trim());
  if (!match?.[1]) return undefined;
  try {
    return new URL(`http://${match[1]}`).hostname;
  } catch {
    return undefined;
  }
}

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return isIPv4(hostname) && hostname.startsWith('127.');
}

/**
 * A check of Host headers that passes loopback names and the `extra` hosts (as given to `--host`:
 * a name, an IPv4 address, or an IPv6 address with or without brackets).
 */
export function hostCheck(extra: readonly string[]): (header: string | undefined) => boolean {
  const allowed = new Set<string>();
  for (const host of extra) {
    const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    const hostname = hostnameOf(bracketed);
    if (hostname === undefined) throw new Error(`invalid host ${JSON.stringify(host)}`);
    allowed.add(hostname);
  }
  return (header) => {
    const hostname = hostnameOf(header);
    return hostname !== undefined && (isLoopback(hostname) || allowed.has(hostname));
  };
}
