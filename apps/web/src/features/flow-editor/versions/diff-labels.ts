import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { truncate } from '@ponte/shared/format';

/** A node as the canvas names it: its label, else its type's. */
export const nodeName = (node: FlowNode, lookup: ManifestLookup) =>
  node.label?.trim() || lookup(node.type, node.typeVersion)?.label || node.type;

/** The names the editor gives a flow's options ('Opções do Flow', the top card, 'Notas'). */
const optionLabels: Record<string, string> = {
  name: 'Nome do flow',
  enabled: 'Ativo',
  group: 'Grupo',
  description: 'Notas',
  'config.rate_limit': 'Limite de execuções simultâneas',
  'config.save_executions': 'Dados das execuções',
  'config.continue_unawaited': 'Continuar quando ninguém espera a resposta',
  'config.mcp_tool': 'Disponível como ferramenta MCP',
  'config.mcp_tool.enabled': 'Disponível como ferramenta MCP',
  'config.mcp_tool.description': 'Descrição da ferramenta',
};

const pathText = (path: (string | number)[]) =>
  path.map((part) => (typeof part === 'number' ? `[${part + 1}]` : part)).join('.');

export const optionLabel = (path: (string | number)[]) =>
  optionLabels[path.join('.')] ?? pathText(path);

/** The fields of a node besides its params, as the node panel names them. */
const nodeFieldLabels: Record<string, string> = {
  label: 'Nome do conector',
  typeVersion: 'Versão do conector',
  disabled: 'Desativado',
  breakpoint: 'Breakpoint',
  breakpointCondition: 'Condição do breakpoint',
  agentTool: 'Ferramenta do agente',
  type: 'Tipo',
};

/** A node field's name: a param by its label ('URL'), the other fields as the panel names them. */
export function nodeFieldLabel(key: string, param: boolean, manifest: NodeManifest | undefined) {
  if (param) return manifest?.params[key]?.label ?? key;
  return nodeFieldLabels[key] ?? key;
}

/** HTML notes read as text. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A value of a version as a person reads it: 'Sim', '(vazio)', a text, or compact JSON. */
export function valueText(value: unknown, { html = false, max = 300 } = {}): string {
  if (value === undefined || value === null || value === '') return '(vazio)';
  if (value === true) return 'Sim';
  if (value === false) return 'Não';
  if (typeof value === 'string') return truncate(html ? plain(value) || '(vazio)' : value, max);
  if (typeof value === 'number') return String(value);
  return truncate(JSON.stringify(value), max);
}
