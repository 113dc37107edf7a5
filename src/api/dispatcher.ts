// The one undici dispatcher of a client: a plain Agent, or, when a proxy variable is set, a router
// that sends each origin either straight out or through the proxy chosen by proxy.ts.
// Custom CAs need nothing here: Node's TLS already honours NODE_EXTRA_CA_CERTS.

import { Agent, Dispatcher, ProxyAgent, type buildConnector } from './undici.ts';
import { RequestValidationError } from './errors.ts';
import { proxyForUrl, type ProxyEnv } from './proxy.ts';

export interface Timeouts {
  /** Establishing the connection (TCP and TLS). */
  connectMs?: number;
  /** Waiting for the response headers once the request is sent. */
  headersMs?: number;
  /** Waiting between two chunks of the response body. */
  bodyMs?: number;
  /**
   * One attempt of an API request from start to end, headers and body together: the idle timers above
   * reset on every byte, so a server trickling one byte at a time would never trip them.
   */
  totalMs?: number;
  /** The same for a URL the server handed out (a step log), whose body can be long. */
  streamTotalMs?: number;
}

const DEFAULT_TIMEOUTS: Readonly<Required<Timeouts>> = Object.freeze({
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  totalMs: 60_000,
  streamTotalMs: 120_000,
});

/** The defaults with the given values over them; each given value must be a positive integer. */
export function resolveTimeouts(timeouts: Timeouts | undefined): Required<Timeouts> {
  const resolved = { ...DEFAULT_TIMEOUTS };
  for (const key of Object.keys(DEFAULT_TIMEOUTS) as (keyof Timeouts)[]) {
    const value = timeouts?.[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new RequestValidationError(`timeouts.${key}`, `timeouts.${key} must be a positive integer of ms`);
    }
    resolved[key] = value;
  }
  return resolved;
}

function agentOptions(timeouts: Timeouts) {
  const resolved = { ...DEFAULT_TIMEOUTS, ...withoutUndefined(timeouts) };
  return {
    connectTimeout: resolved.connectMs,
    headersTimeout: resolved.headersMs,
    bodyTimeout: resolved.bodyMs,
  };
}

function withoutUndefined(timeouts: Timeouts): Timeouts {
  return Object.fromEntries(Object.entries(timeouts).filter(([, value]) => value !== undefined));
}

class ProxyRouter extends Dispatcher {
  readonly #env: ProxyEnv;
  readonly #options: ReturnType<typeof agentOptions>;
  readonly #direct: Agent;
  readonly #proxies = new Map<string, ProxyAgent>();

  constructor(env: ProxyEnv, options: ReturnType<typeof agentOptions>, direct: Agent) {
    super();
    this.#env = env;
    this.#options = options;
    this.#direct = direct;
  }

  #route(origin: string): Dispatcher {
    const proxy = proxyForUrl(new URL(origin), this.#env);
    if (!proxy) return this.#direct;
    let agent = this.#proxies.get(proxy);
    if (!agent) {
      agent = new ProxyAgent({ ...this.#options, uri: proxy });
      this.#proxies.set(proxy, agent);
    }
    return agent;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return this.#route(String(options.origin)).dispatch(options, handler);
  }

  #all(): Dispatcher[] {
    return [this.#direct, ...this.#proxies.values()];
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const done = Promise.all(this.#all().map((agent) => agent.close())).then(() => undefined);
    if (!callback) return done;
    done.then(callback, callback);
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(errOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const err = typeof errOrCallback === 'function' ? null : (errOrCallback ?? null);
    const cb = typeof errOrCallback === 'function' ? errOrCallback : callback;
    const done = Promise.all(this.#all().map((agent) => agent.destroy(err))).then(() => undefined);
    if (!cb) return done;
    done.then(cb, cb);
  }
}

function anyProxyVariable(env: ProxyEnv): boolean {
  return ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].some((name) =>
    Boolean(env[name]?.trim()),
  );
}

/**
 * A dispatcher honouring HTTPS_PROXY/HTTP_PROXY/NO_PROXY (loopback always direct), or a plain
 * Agent when no proxy is configured; connect, headers and body timeouts applied. `connect`, when
 * given, makes the direct connections (a proxy's are its own).
 */
export function createDispatcher(
  env: ProxyEnv,
  timeouts: Timeouts = {},
  connect?: buildConnector.connector,
): Dispatcher {
  const options = agentOptions(timeouts);
  const direct = new Agent(connect ? { ...options, connect } : options);
  return anyProxyVariable(env) ? new ProxyRouter({ ...env }, options, direct) : direct;
}
