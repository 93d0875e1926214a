import type { ParamSpecInput } from '../../kit/define-node';
import type { NodeRunContext } from '../../kit/context';
import type { NodeResult } from '../../kit/message';

/**
 * One entry of the 'Pix' node's 'Operação' select (docs/brasil.md, "Pix"): the BR Code
 * operations work offline; the charge operations call a PSP's Pix API with the account's
 * client certificate. Each lists the params of the node's pool it uses (shown only while it is
 * chosen) and runs with the node's resolved params.
 */
export interface PixOperation {
  /** Stable value saved in the flow ('brcode_generate', 'cob_create'…). */
  value: string;
  /** As the select shows it: 'BR Code → Gerar'. */
  label: string;
  /** Keys of the node's param pool this operation uses. */
  params: string[];
  run(ctx: NodeRunContext<Record<string, unknown>>): Promise<NodeResult>;
}

/** Params of the pool, by key: each operation's file exports its own, the node joins them. */
export type PixParamPool = Record<string, ParamSpecInput>;
