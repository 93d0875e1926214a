import slugify from 'slugify';
import { formFileSchema } from '@ponte/shared/forms.schema';
import type { FormFile } from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import { downloadText } from '../../lib/download-text';

/** 'Cadastro de Clientes!' → 'cadastro-de-clientes.form.json'; 'form.form.json' when empty. */
export function formFileName(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, locale: 'pt' });
  return `${slug || 'form'}.form.json`;
}

/** Spec 2 §9: the export holds the form without `_id`, version, group and PIN. */
export function downloadFormFile(form: FormFile): void {
  const file = formFileSchema.parse(form);
  downloadText(formFileName(file.name), JSON.stringify(file, null, 2), 'application/json');
}

/** FileReader rather than `Blob.text()`: the same path in every browser and in jsdom. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(messages.forms.importInvalid));
    reader.readAsText(file);
  });
}

/**
 * Reads a `.form.json` file by the export's schema: whatever else it holds (`_id`, group, a
 * PIN) is dropped. Throws with messages.forms.importInvalid when it is not such a file.
 */
export async function readFormFile(file: Blob): Promise<FormFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readText(file)) as unknown;
  } catch {
    throw new Error(messages.forms.importInvalid);
  }
  const result = formFileSchema.safeParse(parsed);
  if (!result.success) throw new Error(messages.forms.importInvalid);
  return result.data;
}
