// Where the client goes for URLs the server hands out (step logs, artifacts): which origins, and which
// addresses. Only the API's own origin and the origins listed in `log-origins` are fetched; the token
// goes to the API's origin alone (exchange.ts). Even on those origins, loopback, link-local, private
// and cloud metadata addresses are refused unless the API itself is on an address of the same kind:
// an emulator on 127.0.0.1 serves its own logs, a server on 10.x may link to logs on 10.x.
//
// The address is checked where the connection is made, after name resolution, so that a name that
// resolves to 169.254.169.254 is refused like the literal. Through a proxy only the name can be
// checked (an IP literal, or a metadata host name): the proxy resolves it.

import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { buildConnector } from './undici.ts';
import { RequestValidationError } from './errors.ts';

export type AddressClass = 'public' | 'loopback' | 'link-local' | 'private' | 'metadata' | 'reserved';

/** Resolves a host name to all its addresses, as a connection would. */
export type ResolveName = (hostname: string) => Promise<readonly LookupAddress[]>;

type Special = Exclude<AddressClass, 'public'>;

// In order of precedence: 169.254.169.254 is metadata before it is link-local.
const IPV4_RANGES: ReadonlyArray<[Special, string, number]> = [
  ['metadata', '169.254.169.254', 32],
  // "This host": a connection to 0.0.0.0 reaches the local machine.
  ['loopback', '0.0.0.0', 8],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '10.0.0.0', 8],
  ['private', '100.64.0.0', 10],
  ['private', '172.16.0.0', 12],
  ['private', '192.168.0.0', 16],
  // Not global unicast: protocol assignments, benchmarking, multicast, the reserved block and broadcast.
  ['reserved', '192.0.0.0', 24],
  ['reserved', '198.18.0.0', 15],
  ['reserved', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
];
const IPV6_RANGES: ReadonlyArray<[Special, string, number]> = [
  ['metadata', 'fd00:ec2::254', 128],
  ['loopback', '::', 128],
  ['loopback', '::1', 128],
  ['link-local', 'fe80::', 10],
  ['private', 'fc00::', 7],
  // Teredo hides the address it reaches.
  ['reserved', '2001::', 32],
];
/**
 * IPv6 outside these is not global unicast (IPv4-compatible `::a.b.c.d`, multicast, discard…): refused
 * as reserved. IPv4-mapped and NAT64 forms are judged by the IPv4 address they carry.
 */
const GLOBAL_V6: ReadonlyArray<[string, number]> = [
  ['2000::', 3],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
];
const METADATA_NAMES = new Set(['metadata.google.internal']);

const WORDS: Record<AddressClass, string> = {
  public: 'public',
  loopback: 'loopback',
  'link-local': 'link-local',
  private: 'private',
  metadata: 'cloud metadata',
  reserved: 'reserved (not global unicast)',
};

const CLASS_LISTS: ReadonlyArray<[Special, BlockList]> = (() => {
  const lists = new Map<Special, BlockList>();
  const list = (kind: Special): BlockList => lists.get(kind) ?? lists.set(kind, new BlockList()).get(kind)!;
  for (const [kind, address, bits] of IPV4_RANGES) {
    // IPv4-mapped IPv6 (::ffff:a.b.c.d) matches IPv4 rules already; NAT64 (64:ff9b::/96) does not.
    list(kind).addSubnet(address, bits, 'ipv4');
    list(kind).addSubnet(`64:ff9b::${address}`, 96 + bits, 'ipv6');
    // 6to4 (2002:AABB:CCDD::/48) carries the IPv4 address it routes to.
    list(kind).addSubnet(sixToFour(address), 16 + bits, 'ipv6');
  }
  for (const [kind, address, bits] of IPV6_RANGES) list(kind).addSubnet(address, bits, 'ipv6');
  return [...lists];
})();

const GLOBAL_LIST = (() => {
  const list = new BlockList();
  for (const [address, bits] of GLOBAL_V6) list.addSubnet(address, bits, 'ipv6');
  return list;
})();

/** The 6to4 prefix of an IPv4 address: 2002:AABB:CCDD::. */
function sixToFour(ipv4: string): string {
  const hex = ipv4.split('.').map((part) => Number(part).toString(16).padStart(2, '0'));
  return `2002:${hex[0]}${hex[1]}:${hex[2]}${hex[3]}::`;
}

/** Host name without IPv6 brackets, zone or trailing dot, lower-cased. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The kind of an IP address; undefined for anything that is not one. */
export function classifyAddress(address: string): AddressClass | undefined {
  const bare = bareHost(address);
  const family = isIP(bare);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const special = CLASS_LISTS.find(([, list]) => list.check(bare, type))?.[0];
  if (special !== undefined) return special;
  return type === 'ipv6' && !GLOBAL_LIST.check(bare, 'ipv6') ? 'reserved' : 'public';
}

/** What the host says of itself without a lookup: an IP literal, or a name known to be local. */
function classifyHost(host: string): AddressClass | undefined {
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (METADATA_NAMES.has(host)) return 'metadata';
  return classifyAddress(host);
}

/** A connection the policy refused; it was never used for a request. */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ERR_ADDRESS_REFUSED';
}

// node:dns loads at the first name to check, not at start-up before the first request.
const systemResolve: ResolveName = (hostname) =>
  process.getBuiltinModule('node:dns').promises.lookup(hostname, { all: true, order: 'verbatim' });

export interface OriginPolicyOptions {
  /** Origins besides the API's whose URLs may be fetched (without the token). */
  extraOrigins?: readonly string[];
  resolveName?: ResolveName;
}

export class OriginPolicy {
  readonly #apiUrl: string;
  readonly #api: URL;
  /** The API's origin first, then the listed ones. */
  readonly #origins: readonly string[];
  readonly #resolve: ResolveName;
  #allowed: Promise<ReadonlySet<AddressClass>> | undefined;

  /** `apiUrl` is the normalised API root (see normaliseApiUrl). */
  constructor(apiUrl: string, options: OriginPolicyOptions = {}) {
    this.#apiUrl = apiUrl;
    this.#api = new URL(apiUrl);
    this.#resolve = options.resolveName ?? systemResolve;
    const origins = [this.#api.origin];
    for (const entry of options.extraOrigins ?? []) {
      const origin = originOf(entry);
      if (origin === undefined) {
        throw new RequestValidationError('extraOrigins', 'extraOrigins must hold http(s) origins only');
      }
      if (!origins.includes(origin)) origins.push(origin);
    }
    this.#origins = origins;
  }

  /**
   * A URL the server handed out, resolved against the API root, with credentials and fragment
   * dropped. Refused unless http(s), not plain http while the API is https, and on an allowed origin.
   */
  resolve(raw: string, field: string): URL {
    let url: URL;
    try {
      url = new URL(raw, `${this.#apiUrl}/`);
    } catch {
      throw new RequestValidationError(field, `${field} is not a valid URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RequestValidationError(field, `${field} must be an http or https URL (got ${url.protocol})`);
    }
    if (this.#api.protocol === 'https:' && url.protocol === 'http:') {
      throw new RequestValidationError(
        field,
        `refusing to fetch ${field} over plain http while the API uses https`,
      );
    }
    if (!this.#origins.includes(url.origin)) {
      throw new RequestValidationError(
        field,
        `refusing to fetch ${field} from ${url.origin}: it is neither the API's origin nor listed in ` +
          `log-origins (allowed: ${this.#origins.join(', ')})`,
      );
    }
    url.username = '';
    url.password = '';
    url.hash = '';
    return url;
  }

  /** Refuses, before anything is sent, a host whose kind of address is known from its name alone. */
  async admit(url: URL, field: string): Promise<void> {
    const host = bareHost(url.hostname);
    const kind = classifyHost(host);
    if (kind === undefined) return;
    const allowed = await this.allowedClasses();
    if (!allowed.has(kind)) {
      throw new RequestValidationError(
        field,
        `refusing to fetch ${field}: ${problem(host, host, kind, allowed)}`,
      );
    }
  }

  /** Public addresses, and those of the kinds the API itself is on. */
  allowedClasses(): Promise<ReadonlySet<AddressClass>> {
    this.#allowed ??= this.#apiClasses().then((kinds) => new Set<AddressClass>(['public', ...kinds]));
    return this.#allowed;
  }

  async #apiClasses(): Promise<AddressClass[]> {
    const host = bareHost(this.#api.hostname);
    const known = classifyHost(host);
    if (known !== undefined) return [known];
    try {
      const addresses = await this.#resolve(host);
      return addresses.flatMap((entry) => classifyAddress(entry.address) ?? []);
    } catch {
      // Not resolvable here (a proxy may resolve it): the API counts as public.
      return [];
    }
  }

  /** For net.connect: resolves the name and hands out only the addresses the policy allows. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.#addressesFor(bareHost(hostname), options.family).then(
      (addresses) => {
        if (options.all) callback(null, [...addresses]);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  async #addressesFor(host: string, family: number | string | undefined): Promise<LookupAddress[]> {
    const allowed = await this.allowedClasses();
    const named = classifyHost(host);
    if (named !== undefined && !allowed.has(named)) {
      throw new AddressRefusedError(problem(host, host, named, allowed));
    }
    const wanted = family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
    const found = (await this.#resolve(host)).filter((entry) => !wanted || entry.family === wanted);
    const usable = found.filter((entry) => permits(allowed, classifyAddress(entry.address)));
    if (usable.length > 0) return usable;
    const first = found[0];
    if (!first) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
    throw new AddressRefusedError(problem(host, first.address, classifyAddress(first.address), allowed));
  }

  /**
   * An undici connector that resolves through `lookup` and checks the address the socket actually
   * connected to (IP literals skip the lookup).
   */
  connector(timeoutMs: number): buildConnector.connector {
    const connect = buildConnector({ timeout: timeoutMs, lookup: this.lookup });
    return (options, callback) => {
      this.allowedClasses().then(
        (allowed) =>
          connect(options, (error, socket) => {
            if (error) return callback(error, null);
            const address = socket.remoteAddress ?? '';
            const kind = classifyAddress(address);
            if (permits(allowed, kind)) return callback(null, socket);
            socket.destroy();
            callback(
              new AddressRefusedError(problem(bareHost(options.hostname), address, kind, allowed)),
              null,
            );
          }),
        (error: Error) => callback(error, null),
      );
    };
  }
}

function permits(allowed: ReadonlySet<AddressClass>, kind: AddressClass | undefined): boolean {
  return kind !== undefined && allowed.has(kind);
}

function problem(
  host: string,
  address: string,
  kind: AddressClass | undefined,
  allowed: ReadonlySet<AddressClass>,
): string {
  const subject = host === address ? host : `${host} resolves to ${address || 'an unknown address'}, which`;
  const what = kind === undefined ? 'not a usable address' : `a ${WORDS[kind]} address`;
  const like = [...allowed].filter((each) => each !== 'public').map((each) => WORDS[each]);
  const also = like.length === 0 ? '' : `, and ${like.join(' or ')} ones like the API's`;
  return `${subject} is ${what}; only public addresses are fetched${also}`;
}

function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
