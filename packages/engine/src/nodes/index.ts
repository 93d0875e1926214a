import type { NodeDefinition } from '../kit/define-node';
import { logNode } from './actions/log/log.node';

/** Every built-in node type, all versions (old versions stay runnable). */
export const builtinNodes: NodeDefinition[] = [logNode];
