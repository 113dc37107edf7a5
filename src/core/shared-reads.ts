// With several targets, most name pipelines of the same application: its pipeline list and the
// application itself are read once for all of them, not once per target. A read that fails is
// forgotten, so that a later target asks again.
import type { CiApi } from './api-port.ts';

export function sharedReads(client: CiApi): CiApi {
  const kept = new Map<string, Promise<unknown>>();
  const once = <R>(key: string, read: () => Promise<R>): Promise<R> => {
    const known = kept.get(key) as Promise<R> | undefined;
    if (known) return known;
    const reading = read();
    kept.set(key, reading);
    reading.catch(() => kept.delete(key));
    return reading;
  };
  const overrides: Partial<CiApi> = {
    getApplication: (owner, name, call) =>
      once(JSON.stringify(['application', owner, name]), () => client.getApplication(owner, name, call)),
    listPipelines: (owner, name, page, call) =>
      once(JSON.stringify(['pipelines', owner, name, page ?? null]), () =>
        client.listPipelines(owner, name, page, call),
      ),
  };
  return new Proxy(client, {
    get: (target, key: keyof CiApi) => {
      const value = overrides[key] ?? target[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
