import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('imports nothing before the first call, then once for every caller', async () => {
    const load = vi.fn(async () => ({ value: 42 }));
    const module = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([module(), module()]);
    expect(await module()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Não foi possível carregar o módulo.'))
      .mockResolvedValueOnce('carregado');
    const module = loadOnce(load);
    await expect(module()).rejects.toThrow('Não foi possível carregar o módulo.');
    await expect(module()).resolves.toBe('carregado');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
