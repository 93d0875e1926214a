import type { ParamKind } from './node-manifest.schema';

/**
 * Node types whose area of the product does not exist yet, each with the reason people read
 * (ADR 0014). The library serves them with `available: false`, the palette shows them disabled,
 * the validator refuses them and the engine will not run them. The issue that builds an area
 * deletes its line here and the nodes (and the templates using them) come back.
 */
export const unavailableNodes: Readonly<Record<string, string>> = {};

/** Reference pickers with nothing to pick yet: the node panel shows them disabled. */
export const unavailableParamKinds: Readonly<Partial<Record<ParamKind, string>>> = {};

/** Why a node type cannot be used yet, or undefined when it can. */
export function unavailableReason(type: string): string | undefined {
  return Object.hasOwn(unavailableNodes, type) ? unavailableNodes[type] : undefined;
}
