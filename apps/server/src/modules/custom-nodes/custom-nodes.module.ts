import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import { createRegistry, type NodeRegistry } from '@ponte/engine/kit/registry';
import { builtinNodes } from '@ponte/engine/nodes/index';
import { defineModule } from '../../container/server-module';
import { createCustomNodeLibrary, type CustomNodeLibrary } from './custom-node-library';
import { customNodesTestRoutes } from './custom-nodes-test.routes';
import { createCustomNodesTestService } from './custom-nodes-test.service';
import { customNodesRoutes } from './custom-nodes.routes';
import { createCustomNodesRepository } from './custom-nodes.repository';
import { createCustomNodesService } from './custom-nodes.service';
import { customNodesAccess } from './custom-nodes.access';
import { customNodesOpenApiRoutes } from './openapi/custom-nodes-openapi.routes';
import { createCustomNodesOpenApiService } from './openapi/custom-nodes-openapi.service';

declare module '../../container/provided' {
  interface Provided {
    /** The node library: the built-in nodes and the ones buildApp is given. */
    library: NodeRegistry;
    /** Each workspace's library: the built-in one and its own custom connectors. */
    customNodeLibrary: CustomNodeLibrary;
  }
}

export interface CustomNodesOptions {
  /** Node types beside the built-in library (custom connectors, tests). */
  nodes?: NodeDefinition[];
}

/** The node library and the workspaces' custom connectors (docs/adr/0040). */
export const customNodesModule = defineModule({
  name: 'custom-nodes',
  access: customNodesAccess,
  needs: ['db', 'now'],
  provides: ['library', 'customNodeLibrary'],
  routeNeeds: ['engine', 'versions', 'outboundHttp'],
  tables: ['custom_nodes', 'custom_node_versions'],
  create({ db }, options: CustomNodesOptions) {
    const library = createRegistry([...builtinNodes, ...(options.nodes ?? [])]);
    const customNodeLibrary = createCustomNodeLibrary({
      repository: createCustomNodesRepository(db),
      builtins: library,
    });
    return { library, customNodeLibrary };
  },
  routes: {
    api: async (api, { db, now, engine, versions, outboundHttp }) => {
      const service = createCustomNodesService({ db, now, versions });
      await api.register(customNodesRoutes, { service, versions });
      await api.register(customNodesOpenApiRoutes, {
        service: createCustomNodesOpenApiService({ http: outboundHttp, customNodes: service }),
      });
      await api.register(customNodesTestRoutes, {
        service: createCustomNodesTestService({ engine }),
      });
    },
  },
});
