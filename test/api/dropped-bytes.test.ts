import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { droppedBytes } from '../../src/api/dropped-bytes.ts';

const MiB = 1024 * 1024;

describe('droppedBytes', () => {
  it('asks for a full collection after every 8 MiB dropped, and for none before', () => {
    // Other files in this process read bodies too: 8 MiB more starts the count afresh.
    droppedBytes(8 * MiB);
    expect(droppedBytes(8 * MiB - 1)).toBe(false);
    expect(droppedBytes(1)).toBe(true);
    const asked = Array.from({ length: 64 }, () => droppedBytes(MiB)).filter(Boolean);
    expect(asked).toHaveLength(8);
  });

  it('leaves no `gc` behind, in this context or a new one', () => {
    droppedBytes(8 * MiB);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
