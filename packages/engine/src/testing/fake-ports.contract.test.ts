import { createFakePorts } from './fake-ports';
import {
  describePortsContract,
  portsContractHolidays,
  portsContractVariables,
} from './ports-contract';

describePortsContract('fake ports', async () => {
  const ports = createFakePorts();
  ports.variables.values = {
    ...portsContractVariables.system,
    ...portsContractVariables.workspace,
  };
  ports.holidays.values = [...portsContractHolidays];
  ports.holidays.workspaceId = 'ws';
  ports.flowHandler = (_flowId, payload) => ({ payload });
  return {
    ports,
    scope: { workspaceId: 'ws', flowId: 'chamador', executionId: 'exec' },
    calledFlowId: 'chamado',
    async setAiTokenBudget(budget: number | null) {
      if (budget === null) delete ports.aiUsage.budgets.ws;
      else ports.aiUsage.budgets.ws = budget;
    },
  };
});
