import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineWidePorts } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import {
  describePortsContract,
  portsContractHolidays,
  portsContractVariables,
} from '@ponte/engine/testing/ports-contract';
import { chain, createFlow } from '../test/flow-fixtures';
import { createSecondRunner } from '../test/second-runner';
import { testEncryptionKey, useTestApp, type TestAccount } from '../test/test-app';
import { createSecretBox } from '../lib/secret-box';
import { createSubflowPort } from '../modules/executions/subflow-port';
import { createServiceAccountsService } from '../modules/service-accounts/service-accounts.service';
import { describeEachDriver } from '../test/test-database';
import { testStorage } from '../test/test-storage';
import { createEnginePorts } from './engine-ports';
import { createStoragePort } from './storage-port';
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
    // Saved out of order: the port lists them in calendar order.
    for (const holiday of [...portsContractHolidays].reverse()) {
      const res = await api.post('/api/v1/holidays', holiday);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const calledFlowId = await createFlow(t, account, chain({ type: 'core_flow_trigger' }));
    const callerId = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    // The runner of the called flows: the real one, over the same database.
    const second = createSecondRunner(t.database.db);
    await second.runner.start();
    const http = createOutboundHttpClient({ guard: createNetworkGuard() });
    const ports = createEnginePorts(t.database.db, {
      http,
      storage: createStoragePort(testStorage()),
      systemVariables: { ...portsContractVariables.system },
    });
    return {
      // The flows port the runner gives its executions, built from the real runner.
      ports: { ...ports, flows: createSubflowPort(second.runner) },
      scope: { workspaceId: account.workspaceId, flowId: callerId, executionId: 'chamador' },
      calledFlowId,
      // As the workspace's owner sets it in 'Configurações do workspace'.
      async setAiTokenBudget(budget: number | null) {
        const res = await api.put('/api/v1/workspaces/current/ai-budget', {
          ai_token_budget: budget,
        });
        if (res.statusCode !== 200) throw new Error(res.body);
      },
      close: async () => {
        await second.close();
        await http.close();
      },
    };
  });

  describe(`service accounts through the port (${driver})`, () => {
    const http = createOutboundHttpClient({ guard: createNetworkGuard() });
    let ports: EngineWidePorts;
    let owner: TestAccount;
    let stranger: TestAccount;
    let bearerId: string;
    let jwtId: string;
    const scopeOf = (account: TestAccount) => ({
      workspaceId: account.workspaceId,
      flowId: 'f',
      executionId: 'e',
    });
    const signal = new AbortController().signal;

    beforeAll(async () => {
      owner = await t.createAccount();
      stranger = await t.createAccount();
      const api = t.request(owner.token);
      const created = async (body: Record<string, unknown>) =>
        (await api.post('/api/v1/service-accounts', body)).json()._id as string;
      bearerId = await created({
        name: 'API',
        auth_type: 'bearer_token',
        bearer_token: { token: 'tok-do-port', url: 'https://api.exemplo.com.br' },
      });
      jwtId = await created({
        name: 'JWT',
        auth_type: 'jwt',
        jwt: { auth_url: 'https://exemplo.com.br/login', username: 'u', password: 'p' },
      });
      const service = createServiceAccountsService({
        db: t.database.db,
        now: t.clock.now,
        box: createSecretBox(testEncryptionKey),
        http,
      });
      ports = createEnginePorts(t.database.db, {
        http,
        storage: createStoragePort(testStorage()),
        serviceAccounts: service,
        tokenSources: {
          jwt: async (account, options) =>
            `${String(account.data.username)}-${options.force ? 'novo' : 'guardado'}`,
        },
        configuredHosts: (account) => [`proxy-${account.type}.exemplo.com.br`],
      });
    });
    afterAll(() => http.close());

    it("gives the account decrypted in its own workspace, and nothing for another's", async () => {
      expect(await ports.serviceAccounts.get(scopeOf(owner), bearerId, signal)).toEqual({
        _id: bearerId,
        name: 'API',
        type: 'bearer_token',
        data: {
          token: 'tok-do-port',
          url: 'https://api.exemplo.com.br',
          allowed_domains: 'specific',
        },
        configuredHosts: ['proxy-bearer_token.exemplo.com.br'],
      });
      expect(await ports.serviceAccounts.get(scopeOf(stranger), bearerId, signal)).toBeUndefined();
      expect(await ports.serviceAccounts.get(scopeOf(owner), 'nao-existe', signal)).toBeUndefined();
    });

    it('asks the source of the type for a token, and says so when there is none', async () => {
      const token = (force: boolean) =>
        ports.serviceAccounts.accessToken(scopeOf(owner), jwtId, { force, signal });
      expect(await token(false)).toBe('u-guardado');
      expect(await token(true)).toBe('u-novo');
      await expect(
        ports.serviceAccounts.accessToken(scopeOf(owner), bearerId, { signal }),
      ).rejects.toThrow(messages.serviceAccounts.noAccessToken('bearer_token'));
      await expect(
        ports.serviceAccounts.accessToken(scopeOf(stranger), jwtId, { signal }),
      ).rejects.toThrow(messages.serviceAccounts.missingAccount);
    });
  });
});
