import { expect } from 'vitest';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import {
  describeRecordsPortContract,
  recordsContractTables,
} from '@ponte/engine/testing/records-port-contract';
import { useTestApp, type TestAccount } from '../test/test-app';
import { describeEachDriver } from '../test/test-database';
import { createRecordsPort } from './records-port';

describeEachDriver('real records port', (driver) => {
  const t = useTestApp(driver);

  /** A table made as a person makes it: through the tables API and its service. */
  async function createTable(
    account: TestAccount,
    name: string,
    fields: (typeof recordsContractTables)[keyof typeof recordsContractTables],
  ): Promise<string> {
    const res = await t.request(account.token).post('/api/v1/db/tables', {
      name,
      // The label is how the server's messages name a field: the contract looks for the name.
      fields: fields.map((field) => ({ ...field, label: field.name })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json())._id;
  }

  describeRecordsPortContract(`server records (${driver})`, async () => {
    const owner = await t.createAccount();
    const other = await t.createAccount();
    const clientes = await createTable(owner, 'clientes', recordsContractTables.clientes);
    const segredos = await createTable(other, 'segredos', recordsContractTables.segredos);
    return {
      records: createRecordsPort(t.database.db, () => new Date()),
      scope: { workspaceId: owner.workspaceId, flowId: 'f', executionId: 'e' },
      otherScope: { workspaceId: other.workspaceId, flowId: 'g', executionId: 'e2' },
      tableIds: { clientes, segredos },
    };
  });
});
