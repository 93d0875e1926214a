import { nodeManifestSchema, type ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import { pixApiOperations, pixApiParams } from './pix-api.operations';
import type { PixOperation, PixParamPool } from './pix-operation';

/** The node's operations, in the order of its 'Operação' select. */
const operations: PixOperation[] = [...pixApiOperations];
const pool: PixParamPool = { ...pixApiParams };

/** 'Operação', then each param of the pool shown only for the operations that use it. */
function nodeParams(): Record<string, ParamSpecInput> {
  const params: Record<string, ParamSpecInput> = {
    operation: {
      type: 'select',
      label: 'Operação',
      required: true,
      default: operations[0]!.value,
      options: operations.map(({ value, label }) => ({ value, label })),
    },
  };
  for (const [name, spec] of Object.entries(pool)) {
    const using = operations.filter((op) => op.params.includes(name)).map((op) => op.value);
    params[name] = { ...spec, showWhen: { operation: using } };
  }
  return params;
}

const node = defineNode({
  type: 'svc_pix',
  version: 1,
  category: 'action',
  label: 'Pix',
  description:
    'Cria e consulta cobranças Pix, consulta Pix recebidos e pede devoluções na API Pix do seu PSP.',
  icon: 'qrcode',
  params: nodeParams() as Record<string, ParamSpec>,
  outputs: { default: { label: 'Saída' } },
  async run(ctx) {
    const operation = operations.find((op) => op.value === String(ctx.params.operation));
    if (!operation) throw new Error(`Operação desconhecida: ${String(ctx.params.operation)}.`);
    return operation.run(ctx);
  },
});

/** The 'Pix' node (docs/brasil.md, "Pix"): one 'Operação' select over the operations' lists. */
export const pixConnector: NodeDefinition = {
  ...node,
  manifest: nodeManifestSchema.parse(node.manifest),
};
