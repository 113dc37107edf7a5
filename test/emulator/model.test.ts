import { describe, expect, it } from 'vitest';
import { digest, IdGenerator, isId } from '../../src/emulator/model/ids.ts';
import { goTime, iso, WorldClock } from '../../src/emulator/model/time.ts';
import { FaultStore } from '../../src/emulator/faults.ts';

describe('WorldClock', () => {
  it('moves with real time times speed, plus manual advances', () => {
    let real = 1000;
    const clock = new WorldClock(50_000, 2, () => real);
    expect(clock.now()).toBe(50_000);
    real += 10;
    expect(clock.now()).toBe(50_020);
    clock.advance(5);
    expect(clock.now()).toBe(50_025);
    clock.setSpeed(0);
    real += 1000;
    expect(clock.now()).toBe(50_025);
    clock.setSpeed(1);
    real += 3;
    expect(clock.now()).toBe(50_028);
    expect(() => clock.setSpeed(-1)).toThrow(RangeError);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});

describe('time formats', () => {
  it('iso has milliseconds and Z', () => {
    expect(iso(Date.UTC(2017, 6, 4, 15, 35, 20, 29))).toBe('2017-07-04T15:35:20.029Z');
  });

  it("goTime follows Go's time.String(), trimming trailing zeros", () => {
    const at = Date.UTC(2017, 6, 4, 22, 43, 55, 359);
    expect(goTime(at, 468446)).toBe('2017-07-04 22:43:55.359468446 +0000 UTC');
    expect(goTime(Date.UTC(2017, 6, 3, 16, 4, 43, 730))).toBe('2017-07-03 16:04:43.73 +0000 UTC');
    expect(goTime(Date.UTC(2017, 6, 3, 16, 4, 43, 0))).toBe('2017-07-03 16:04:43 +0000 UTC');
  });
});

describe('ids', () => {
  it('are 24 lowercase hex, deterministic, and skip reserved ones', () => {
    const a = new IdGenerator();
    const b = new IdGenerator();
    expect(a.next()).toBe(b.next());
    const reserved = new IdGenerator();
    reserved.reserve('5e0000000000000000000001');
    const first = reserved.next();
    expect(first).toBe('5e0000000000000000000002');
    expect(isId(first)).toBe(true);
    expect(() => reserved.reserve('5E0000000000000000000009')).toThrow('24 lowercase hex');
    expect(() => reserved.reserve('5e0000000000000000000001')).toThrow('used twice');
    expect(digest('x')).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('FaultStore', () => {
  it('matches by method and route, counts down times, and lists what is left', () => {
    const store = new FaultStore();
    store.add({ method: 'post', route: '/api/v3/runs/', status: 500, times: 2 });
    expect(store.take('GET', '/api/v3/runs', '/api/v3/runs')).toBeUndefined();
    expect(store.take('POST', '/api/v3/runs', '/api/v3/runs')?.status).toBe(500);
    expect(store.list()).toEqual([{ method: 'post', route: '/api/v3/runs/', status: 500, times: 1 }]);
    expect(store.take('POST', '/api/v3/runs/', '/api/v3/runs')?.status).toBe(500);
    expect(store.take('POST', '/api/v3/runs', '/api/v3/runs')).toBeUndefined();
    expect(() => store.add({ route: '*', times: 0 })).toThrow(RangeError);
    store.add({ route: '*' });
    expect(store.take('GET', '/_emulator/runs', undefined)).toBeUndefined();
    expect(store.take('GET', '/api/v3/unknown', undefined)).toBeDefined();
  });
});
