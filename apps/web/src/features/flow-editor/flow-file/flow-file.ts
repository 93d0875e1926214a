import slugify from 'slugify';
import { flowVariableSchema, type SaveExecutions } from '@ponte/shared/flows.schema';
import type { FlowVariableEntry } from '@ponte/shared/flow/flow-operations';
import { downloadText } from '../../../lib/download-text';

/** What 'Exportar para arquivo' writes; `ponte` is the file format's version. */
export interface FlowFile {
  ponte: 1;
  name: string;
  exported_at: string;
  data: unknown;
  variables: FlowVariableEntry[];
  description?: string;
  config?: { rate_limit: number; save_executions?: SaveExecutions; continue_unawaited?: boolean };
}

export interface FlowFileSource {
  name: string;
  data: unknown;
  variables: FlowVariableEntry[];
  description?: string;
  config?: { rate_limit: number; save_executions?: SaveExecutions; continue_unawaited?: boolean };
}

/** What an imported file brings: the document (checked later by the engine) and variables. */
export interface FlowFileContent {
  data: unknown;
  variables: FlowVariableEntry[];
}

export const invalidJsonMessage = 'O arquivo não é um JSON válido.';

function configOf({
  rate_limit,
  save_executions,
  continue_unawaited,
}: NonNullable<FlowFileSource['config']>) {
  return {
    rate_limit,
    ...(save_executions === undefined ? {} : { save_executions }),
    ...(continue_unawaited === undefined ? {} : { continue_unawaited }),
  };
}

/** The exported file of a flow; notes and options travel along when given. */
export function buildFlowFile(flow: FlowFileSource): FlowFile {
  return {
    ponte: 1,
    name: flow.name,
    exported_at: new Date().toISOString(),
    data: flow.data,
    variables: flow.variables.map(({ key, value }) => ({ key, value })),
    ...(flow.description === undefined ? {} : { description: flow.description }),
    ...(flow.config === undefined ? {} : { config: configOf(flow.config) }),
  };
}

/** 'Relatório Diário: Vendas!' → 'relatorio-diario-vendas.json'; 'flow.json' when nothing is left. */
export function flowFileName(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, locale: 'pt' });
  return `${slug || 'flow'}.json`;
}

/** Saves `value` as a JSON file through a temporary link (no server round trip). */
export function downloadJson(fileName: string, value: unknown): void {
  downloadText(fileName, JSON.stringify(value, null, 2), 'application/json');
}

/** FileReader rather than `Blob.text()`: the same path in every browser and in jsdom. */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Não foi possível ler o arquivo.'));
    reader.readAsText(file);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a file picked for import: an exported file (`{data, variables…}`) or a bare flow
 * document (`{version, nodes, edges}`). The document is not checked here (the engine's
 * validator does it); variables that are not `{key, value}` strings within the limits are left
 * out. Throws with a pt-BR message when the file is not JSON.
 */
export async function readFlowFile(file: Blob): Promise<FlowFileContent> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readText(file)) as unknown;
  } catch {
    throw new Error(invalidJsonMessage);
  }
  if (!isRecord(parsed) || !('data' in parsed)) return { data: parsed, variables: [] };
  const variables = Array.isArray(parsed.variables)
    ? parsed.variables.flatMap((entry) => {
        const variable = flowVariableSchema.safeParse(entry);
        return variable.success ? [variable.data] : [];
      })
    : [];
  return { data: parsed.data, variables };
}
