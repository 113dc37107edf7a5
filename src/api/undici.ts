// The parts of undici the client uses, taken from their own modules rather than from the package's
// index, which evaluates all of undici (fetch, WebSocket, caches, mocks: about two thirds of its code)
// before the first request can go out. What the index adds to these parts is done here the same way:
// the request methods on every dispatcher (a ProxyAgent tunnels with `connect`), and `request(url)`.
// The whole package still loads later in the same process, with @actions/core; the modules are shared.
import type { Dispatcher as DispatcherType } from 'undici';
import api from 'undici/lib/api/index.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import buildConnector from 'undici/lib/core/connect.js';

Object.assign(Dispatcher.prototype, api);

export { Agent, buildConnector, Dispatcher, ProxyAgent };

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path'> & {
  dispatcher: DispatcherType;
};

/** undici's `request(url, options)`: one request to `url` through the given dispatcher. */
export function request(url: URL, options: RequestOptions): Promise<DispatcherType.ResponseData> {
  const { dispatcher, ...rest } = options;
  return dispatcher.request({ ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}
