import { nodeManifestSchema } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import { accountParam } from '../kit/define-connector';
import { callMcpTool, listMcpTools, openMcpConnection } from './mcp-client';

const m = messages.mcp;
const label = 'Chamar ferramenta MCP';

const params = {
  service_account: accountParam(['mcp'], 'Uma conta do tipo Servidor MCP.'),
  tool: {
    type: 'text',
    label: 'Ferramenta',
    required: true,
    placeholder: 'buscar_pedido',
    description: 'O nome da ferramenta no servidor MCP (escolha na lista das que ele oferece).',
    lookup: { name: 'tools' },
  },
  arguments: {
    type: 'code-editor',
    language: 'json',
    label: 'Argumentos',
    placeholder: '{"pedido": "{{ msg.payload.id }}"}',
    description:
      'Um objeto JSON com os argumentos da ferramenta, como o esquema dela pede. Aceita expressões {{ }}.',
  },
} satisfies Record<string, ParamSpecInput>;

/** 'Argumentos': an object from an expression, or JSON text (empty: no argument). */
function argumentsOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    if (!value.trim()) return {};
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(m.argumentsInvalid);
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(m.argumentsNotObject);
  return parsed as Record<string, unknown>;
}

const node = defineNode({
  type: 'svc_mcp_tool',
  version: 1,
  category: 'ai',
  label,
  description:
    'Chama uma ferramenta de um servidor MCP (Model Context Protocol) e devolve o resultado.',
  icon: 'tool',
  params,
  outputs: { default: { label: 'Saída' } },
  async run({ params: raw, input, ports, scope, signal }) {
    const tool = typeof raw.tool === 'string' ? raw.tool.trim() : '';
    if (!tool) throw new Error(m.toolRequired);
    const args = argumentsOf(raw.arguments);
    const connection = await openMcpConnection(String(raw.service_account), {
      ports,
      scope,
      signal,
    });
    const result = await callMcpTool(connection, tool, args);
    // The tool's own failure fails the node: its 'error' output can take it.
    if (result.isError) throw new Error(m.toolFailed(tool, result.text));
    const payload = result.structuredContent ?? result.content;
    return { output: 'default', msg: { ...input, payload, mcp: { tool, isError: false } } };
  },
});

/**
 * 'Chamar ferramenta MCP' (docs/ai.md, docs/adr/0097): one tool of an MCP server, its
 * arguments from JSON with expressions, the server's tools as the 'Ferramenta' picker.
 */
export const mcpToolConnector: NodeDefinition = {
  ...node,
  manifest: nodeManifestSchema.parse(node.manifest),
  async lookupOptions(name, request) {
    if (name !== 'tools') throw new Error(`${label} não tem a lista "${name}".`);
    const tools = await listMcpTools(await openMcpConnection(request.accountId, request));
    return tools.slice(0, 1000).map((tool) => ({
      value: tool.name,
      label: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
    }));
  },
};
