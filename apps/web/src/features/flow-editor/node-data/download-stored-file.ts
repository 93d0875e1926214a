import { apiDownload } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import { downloadBlob } from '../../../lib/download-text';
import { toast } from '../../../lib/toasts';

/**
 * GET /api/v1/storage/download?path=: fetches a stored file with the session's token, as the
 * storage page does, and saves it under its name.
 */
export async function downloadStoredFile(ref: { path: string; name: string }): Promise<void> {
  try {
    const { blob, filename } = await apiDownload('/api/v1/storage/download', { path: ref.path });
    downloadBlob(filename ?? ref.name, blob);
    toast.success('Arquivo baixado com sucesso');
  } catch (error) {
    toast.error(
      isApiError(error) && error.message ? error.message : 'Não foi possível baixar o arquivo.',
    );
  }
}
