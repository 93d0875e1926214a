import type { CustomNodeParam } from '@ponte/shared/custom-nodes.schema';

/**
 * A custom connector as the server stores it, at one version (docs/adr/0041): what the engine
 * needs to list it and to run it. `state` is the connector's now (a version never changes;
 * enabling, disabling, removing and renaming do not make versions).
 */
export interface StoredCustomNode {
  /** The connector's `_id`; its node type is `custom_<id>`. */
  id: string;
  name: string;
  description: string;
  serviceName: string;
  /** A data URL, or ''. */
  imageData: string;
  state: 'enabled' | 'disabled' | 'removed';
  version: number;
  /** In the order of their positions. */
  params: CustomNodeParam[];
  /** The handler's JavaScript: defines `handler(msg, params)`. */
  code: string;
}
