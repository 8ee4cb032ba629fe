import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('code loaded on demand', () => {
  it('loads once, when first asked for', async () => {
    const load = vi.fn(async () => 'schema');
    const schema = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    expect(await schema()).toBe('schema');
    expect(await schema()).toBe('schema');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('offline'));
    load.mockResolvedValue('schema');
    const schema = onDemand(load);
    await expect(schema()).rejects.toThrow('offline');
    expect(await schema()).toBe('schema');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
