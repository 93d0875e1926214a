import {
  flowNetworkCheckSchema,
  type FlowNetworkCheckBody,
} from '@ponte/shared/flow-network-check.schema';
import { messages } from '@ponte/shared/messages';
import { apiRequest } from '../../../lib/api/api-client';
import { toast } from '../../../lib/toasts';

/**
 * POST /api/v1/flows/network-check, after a save: each literal URL of a node that the network
 * guard will refuse becomes a warning naming the connector and the setting that allows it. The
 * flow stays saved (a draft may hold it); a failure of the check says nothing, the run checks.
 */
export async function warnAboutNetwork(doc: FlowNetworkCheckBody['data']): Promise<void> {
  try {
    const { items } = await apiRequest('/api/v1/flows/network-check', {
      method: 'POST',
      body: { data: { nodes: doc.nodes } },
      schema: flowNetworkCheckSchema,
      silent: true,
    });
    for (const item of items)
      toast.warning(messages.flows.networkWarning(item.label, item.message));
  } catch {
    // Nothing to say: the run checks every address again.
  }
}
