import { flowsConfig } from './flows.config';
import type { FastifyRequest } from 'fastify';
import { urlRefusal } from '../../adapters/outbound-http/url-refusal';
import { stateChannels } from '../../cluster/state-channels';
import { defineModule } from '../../container/server-module';
import { publicBaseUrl } from '../../lib/public-url';
import { flowNetworkCheckRoutes } from './flow-network-check.routes';
import { createFlowsRepository, type FlowsRepository } from './flows.repository';
import { flowsRoutes } from './flows.routes';
import { createFlowsService, type FlowsService } from './flows.service';
import { flowsAccess } from './flows.access';

declare module '../../container/provided' {
  interface Provided {
    flowsRepository: FlowsRepository;
    flows: FlowsService;
  }
}

export interface FlowsOptions {
  /** PONTE_NODE_LIMIT: the Action/Trigger limit per flow of every customer, over their own. */
  nodeLimit?: number | null;
}

/**
 * The workspace's flows. Every process reloads a saved flow (docs/adr/0066); this one's
 * before the save answers.
 */
export const flowsModule = defineModule({
  name: 'flows',
  access: flowsAccess,
  needs: [
    'db',
    'now',
    'bus',
    'library',
    'customNodeLibrary',
    'network',
    'hookRegistrations',
    'publicUrl',
    'versions',
  ],
  provides: ['flowsRepository', 'flows'],
  config: [flowsConfig],
  tables: ['flows'],
  create(
    { db, now, bus, library, customNodeLibrary, hookRegistrations, publicUrl, versions },
    options: FlowsOptions,
  ) {
    return {
      flowsRepository: createFlowsRepository(db),
      flows: createFlowsService({
        db,
        now,
        lookup: library.manifest,
        checkParams: library.checkParams,
        lookupFor: customNodeLibrary.lookupFor,
        nodeLimit: options.nodeLimit ?? null,
        hookRegistrations,
        publicUrl,
        versions,
        onChange: (workspaceId, flowId) =>
          bus.publish(stateChannels.flowChanged, { workspaceId, flowId }),
      }),
    };
  },
  routes: {
    api: async (api, { flows, network, publicUrl, versions }) => {
      await api.register(flowsRoutes, {
        service: flows,
        versions,
        publicUrl: (request: FastifyRequest) => publicBaseUrl(request, publicUrl),
      });
      // The editor's question after a save: which literal URLs the network guard will refuse.
      await api.register(flowNetworkCheckRoutes, {
        urlRefusal: (url: string) => urlRefusal(network, url),
      });
    },
  },
});
