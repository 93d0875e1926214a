import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { downloadWhole } from './download-whole';

describe('downloadWhole', () => {
  it('downloads what it loaded', async () => {
    const download = vi.fn();
    await downloadWhole(() => Promise.resolve({ name: 'Painel' }), download);
    expect(download).toHaveBeenCalledWith({ name: 'Painel' });
  });

  it("shows the server's message and downloads nothing when the load fails", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => '');
    const download = vi.fn();
    await downloadWhole(() => Promise.reject(new ApiError(404, 'Não encontrado.', 'x')), download);
    expect(download).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Não encontrado.');
    error.mockRestore();
  });
});
