import { pinnedItemSchema, type PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import { isPlainObject } from './node-data-model';

/** Messages a node may hold pinned (the flow document's limit). */
export const maxPinnedItems = 1000;

export type ParsedPins = { ok: true; items: PinnedItem[] } | { ok: false; error: string };

const isPinnedShape = (value: unknown) =>
  isPlainObject(value) &&
  Object.keys(value).length === 2 &&
  typeof value.output === 'string' &&
  isPlainObject(value.msg);

/**
 * Reads pasted pins: an array of `{output, msg}`, a message object, or an array of message
 * objects (sent on `firstOutput`). Every problem is a pt-BR sentence.
 */
export function parsePins(text: string, firstOutput: string): ParsedPins {
  if (text.trim() === '') return { ok: false, error: 'Cole ou escreva o JSON a fixar.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'O texto não é um JSON válido. Confira aspas, vírgulas e chaves.' };
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) return { ok: false, error: 'Informe ao menos uma mensagem.' };
  if (list.length > maxPinnedItems)
    return {
      ok: false,
      error: `Um conector pode fixar no máximo ${maxPinnedItems} mensagens (há ${list.length}).`,
    };
  const items: PinnedItem[] = [];
  for (const [index, entry] of list.entries()) {
    if (!isPlainObject(entry))
      return {
        ok: false,
        error: `O item ${index + 1} não é um objeto: cada mensagem é um objeto JSON, como {"payload": {}}.`,
      };
    const item = isPinnedShape(entry) ? entry : { output: firstOutput, msg: entry };
    const parsed = pinnedItemSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const why =
        issue?.path[0] === 'output'
          ? 'o nome da saída precisa ter de 1 a 200 caracteres.'
          : (issue?.message ?? 'a mensagem não é válida.');
      return { ok: false, error: `O item ${index + 1} não pode ser fixado: ${why}` };
    }
    items.push(parsed.data);
  }
  return { ok: true, items };
}
