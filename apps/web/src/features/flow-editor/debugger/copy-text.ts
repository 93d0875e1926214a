import { toast } from '../../../lib/toasts';

/** Puts a text on the clipboard and says so. */
export async function copyText(text: string, done = 'Copiado para a área de transferência.') {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error('Não foi possível copiar para a área de transferência.');
  }
}
