import {
  describePortsContract,
  portsContractVariables,
} from '@ponte/engine/testing/ports-contract';
import { chain, createFlow } from '../test/flow-fixtures';
import { createSecondRunner } from '../test/second-runner';
import { useTestApp } from '../test/test-app';
import { describeEachDriver } from '../test/test-database';
import { createEnginePorts } from './engine-ports';
import { createNetworkGuard } from './outbound-http/network-guard';
import { createOutboundHttpClient } from './outbound-http/outbound-http-client';

describeEachDriver('real engine ports', (driver) => {
  const t = useTestApp(driver);

  describePortsContract(`server ports (${driver})`, async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    for (const [key, value] of Object.entries(portsContractVariables.workspace)) {
      const res = await api.post('/api/v1/variables', { name: key, key, value });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const calledFlowId = await createFlow(t, account, chain({ type: 'core_flow_trigger' }));
    const callerId = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    // The runner of the called flows: the real one, over the same database.
    const second = createSecondRunner(t.database.db);
    await second.runner.start();
    const http = createOutboundHttpClient({ guard: createNetworkGuard() });
    const ports = createEnginePorts(t.database.db, {
      runner: () => second.runner,
      http,
      systemVariables: { ...portsContractVariables.system },
    });
    return {
      ports,
      scope: { workspaceId: account.workspaceId, flowId: callerId, executionId: 'chamador' },
      calledFlowId,
      close: async () => {
        await second.close();
        await http.close();
      },
    };
  });
});
