import { describe, expect, it } from 'vitest';
import { realSleep } from '../../src/time.ts';

describe('realSleep', () => {
  it('resolves after the delay', async () => {
    await expect(realSleep(1)).resolves.toBeUndefined();
  });

  it('rejects at once with the reason when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = realSleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
