import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';

/**
 * The 'Exportar' action of a list row whose file needs the whole item (a row lacks its
 * content): loads it, then downloads its file; a failure shows the server's message.
 */
export async function downloadWhole<T>(
  load: () => Promise<T>,
  download: (item: T) => void,
): Promise<void> {
  try {
    download(await load());
  } catch (failure) {
    toast.error(errorMessage(failure));
  }
}
