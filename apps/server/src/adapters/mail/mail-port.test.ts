import { describe, expect, it } from 'vitest';
import type { ServiceAccount } from '@ponte/engine/ports';
import { createNetworkGuard } from '../outbound-http/network-guard';
import { createMailPort } from './mail-port';

const scope = { workspaceId: 'ws', flowId: 'f', executionId: 'e' };
const mail = { serviceAccountId: 'a1', to: ['ana@cliente.example'], subject: 'x', text: 'x' };

function portWith(accounts: Record<string, ServiceAccount>) {
  return createMailPort({
    guard: createNetworkGuard([]),
    accounts: { get: async (_scope, id) => accounts[id] },
  });
}

describe('mail port', () => {
  it('refuses a missing account and an account of another type, in pt-BR', async () => {
    const signal = new AbortController().signal;
    await expect(portWith({}).send(scope, mail, signal)).rejects.toThrow(
      'A conta de serviço escolhida não existe mais.',
    );
    const db = {
      _id: 'a1',
      name: 'Banco',
      type: 'database_uri',
      data: { uri: 'postgres://u:p@h/db' },
    };
    await expect(portWith({ a1: db }).send(scope, mail, signal)).rejects.toThrow(
      'Enviar e-mail não aceita contas de serviço do tipo database_uri.',
    );
  });

  it('names what an SMTP account lacks', async () => {
    const signal = new AbortController().signal;
    const empty = { _id: 'a1', name: 'SMTP', type: 'smtp_account', data: { host: ' ', port: 587 } };
    await expect(portWith({ a1: empty }).send(scope, mail, signal)).rejects.toThrow(
      'A conta SMTP não tem servidor (host).',
    );
  });
});
