import { createFakeRecords } from './fake-records';
import { describeRecordsPortContract, recordsContractTables } from './records-port-contract';

describeRecordsPortContract('fake records', async () => {
  const records = createFakeRecords('ws-a');
  const clientes = records.addTable({
    name: 'clientes',
    fields: [...recordsContractTables.clientes],
  });
  const segredos = records.addTable({
    name: 'segredos',
    fields: [...recordsContractTables.segredos],
    workspaceId: 'ws-b',
  });
  return {
    records,
    scope: { workspaceId: 'ws-a', flowId: 'f', executionId: 'e' },
    otherScope: { workspaceId: 'ws-b', flowId: 'g', executionId: 'e2' },
    tableIds: { clientes: clientes._id, segredos: segredos._id },
  };
});
