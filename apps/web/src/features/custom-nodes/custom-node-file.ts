import slugify from 'slugify';
import { customNodeFileSchema, customNodeFileSuffix } from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeBodyInput, CustomNodeFile } from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { downloadText } from '../../lib/download-text';

/** 'Consulta CEP!' → 'consulta-cep.connector.json'; 'conector.connector.json' when empty. */
export function customNodeFileName(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, locale: 'pt' });
  return `${slug || 'conector'}${customNodeFileSuffix}`;
}

/** The file's fields of a connector (spec 2 §9): no `_id`, group, version, workspace nor dates. */
export function customNodeFileOf(node: CustomNodeBodyInput): CustomNodeFile {
  return customNodeFileSchema.parse(node);
}

/** Downloads `{slug}.connector.json`. */
export function downloadCustomNodeFile(node: CustomNodeBodyInput): void {
  const file = customNodeFileOf(node);
  downloadText(customNodeFileName(file.name), JSON.stringify(file, null, 2), 'application/json');
}

/** FileReader rather than `Blob.text()`: the same path in every browser and in jsdom. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(messages.customNodes.importInvalid));
    reader.readAsText(file);
  });
}

/**
 * Reads a `.connector.json` file by the export's schema (whatever else it holds is dropped).
 * Throws with messages.customNodes.importInvalid when it is not such a file.
 */
export async function readCustomNodeFile(file: Blob): Promise<CustomNodeFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readText(file)) as unknown;
  } catch {
    throw new Error(messages.customNodes.importInvalid);
  }
  // Every field has a default: a file without a name and a handler is not a connector.
  const { name, code_execution_content: code } = (parsed ?? {}) as Record<string, unknown>;
  const result = customNodeFileSchema.safeParse(parsed);
  if (!result.success || typeof name !== 'string' || typeof code !== 'string')
    throw new Error(messages.customNodes.importInvalid);
  return result.data;
}

/** Reads an image file as a data URL (what `imageData` holds). */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(messages.customNodes.imageInvalid));
    reader.readAsDataURL(file);
  });
}
