import type { ManualFormField } from '../../../lib/flows/api/get-manual-form';

/**
 * The message an editor run starts with (docs/adr/0089), chosen in the start-data modal and
 * remembered per trigger for the tab's session, so the next run does not ask again.
 */
export type StartDataKind = 'form' | 'last-request' | 'sample';

export interface StartData {
  kind: StartDataKind;
  msg: Record<string, unknown>;
}

export const manualTriggerType = 'core_manual_trigger';
export const webhookTriggerType = 'core_webhook_trigger';

/** Choices by `flowId:triggerUid`, and the trigger last chosen per flow. */
const remembered = new Map<string, StartData>();
const chosenTriggers = new Map<string, string>();

const key = (flowId: string, triggerUid: string) => `${flowId}:${triggerUid}`;

export function rememberedStartData(flowId: string, triggerUid: string): StartData | undefined {
  return remembered.get(key(flowId, triggerUid));
}

export function rememberStartData(flowId: string, triggerUid: string, data: StartData): void {
  remembered.set(key(flowId, triggerUid), data);
  chosenTriggers.set(flowId, triggerUid);
}

/** The trigger the person chose last in this flow, if any. */
export function chosenTrigger(flowId: string): string | undefined {
  return chosenTriggers.get(flowId);
}

/** Forgets every choice (tests). */
export function forgetStartData(): void {
  remembered.clear();
  chosenTriggers.clear();
}

/** What 'Alterar dados de início' shows as the current choice. */
export const startDataLabels: Record<StartDataKind, string> = {
  form: 'Formulário do gatilho',
  'last-request': 'Última requisição recebida',
  sample: 'Dados de exemplo',
};

/** An empty message to start from when typing sample data. */
export const sampleTemplate = '{\n  "payload": {}\n}';

/**
 * Sample data typed as JSON: an object, or a pt-BR error. The message is what the trigger
 * sends (`payload` holds a webhook's body, a manual trigger's values).
 */
export function parseSampleData(
  text: string,
): { ok: true; msg: Record<string, unknown> } | { ok: false; error: string } {
  if (!text.trim()) return { ok: false, error: 'Informe os dados de exemplo em JSON.' };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof SyntaxError ? jsonErrorPosition(error.message, text) : '';
    return { ok: false, error: `Os dados de exemplo não são um JSON válido${detail}.` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'Os dados de exemplo devem ser um objeto JSON, entre chaves { }.' };
  }
  return { ok: true, msg: value as Record<string, unknown> };
}

/** ' (linha 3)' from the position an engine's JSON error names, when it names one. */
function jsonErrorPosition(message: string, text: string): string {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) return '';
  const line = text.slice(0, Number(position)).split('\n').length;
  return ` (linha ${line})`;
}

/**
 * The form of a Manual Trigger as its params in the editor's document declare it (saved or
 * not), as the engine reads them; file fields are left out (an editor run sends JSON only).
 */
export function manualFormFields(params: Record<string, unknown>): {
  fields: ManualFormField[];
  hasUploads: boolean;
} {
  const rows = Array.isArray(params.fields) ? (params.fields as Record<string, unknown>[]) : [];
  const all = rows
    .map((row) => {
      const name = String(row.name ?? '').trim();
      const type: ManualFormField['type'] =
        row.type === 'textarea' || row.type === 'upload' ? row.type : 'text';
      return {
        name,
        label: String(row.label ?? '').trim() || name,
        type,
        required: row.required === true || row.required === 'true',
      };
    })
    .filter((field) => field.name);
  return {
    fields: all.filter((field) => field.type !== 'upload'),
    hasUploads: all.some((field) => field.type === 'upload'),
  };
}
