import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { defineNode, type NodeDefinition } from '../../kit/define-node';
import { pixApiOperations, pixApiParams } from './pix-api.operations';
import { pixCodeOperations, pixCodeParams } from './pix-code.operations';
import type { PixOperation, PixParamPool } from './pix-operation';

/** Every operation of the node, list after list: one line per operation file. */
const operations: PixOperation[] = [...pixCodeOperations, ...pixApiOperations];

/** The params those operations use: one line per operation file. */
const pool: PixParamPool = { ...pixCodeParams, ...pixApiParams };

/**
 * The 'Operação' select, then each param of the pool shown only for the operations that list
 * it (and under its own `showWhen`, such as the QR type); a param no operation uses is an error.
 */
function nodeParams(): Record<string, ParamSpec> {
  const params: Record<string, unknown> = {
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
    if (!using.length) throw new Error(`Pix: o parâmetro ${name} não é usado.`);
    params[name] = { ...spec, showWhen: { ...spec.showWhen, operation: using } };
  }
  for (const op of operations) {
    const unknown = op.params.find((name) => !(name in pool));
    if (unknown) throw new Error(`Pix: parâmetro ${unknown} não declarado.`);
  }
  return params as Record<string, ParamSpec>;
}

/**
 * 'Pix' (docs/brasil.md, docs/adr/0116): the BR Code ('copia e cola') generated and read to the
 * Banco Central's manual, its QR image, Pix keys validated; and the charges, received Pix and
 * refunds of a PSP's Pix API (docs/adr/0117), through the same select.
 */
export const pixConnector: NodeDefinition = defineNode({
  type: 'svc_pix',
  version: 1,
  category: 'brazil',
  label: 'Pix',
  description:
    'Gera e lê o BR Code (copia e cola) e o QR Code, valida chaves Pix e cria cobranças na API Pix do seu PSP.',
  icon: 'qrcode',
  params: nodeParams(),
  outputs: { default: { label: 'Saída' } },
  async run(ctx) {
    const operation = operations.find((op) => op.value === ctx.params.operation);
    if (!operation) throw new Error(`Operação desconhecida: ${String(ctx.params.operation)}.`);
    return operation.run(ctx as Parameters<PixOperation['run']>[0]);
  },
});
