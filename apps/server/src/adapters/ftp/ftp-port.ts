import type { ExecutionScope, FtpPort, FtpTarget } from '@ponte/engine/ports';
import type { Client } from 'basic-ftp';
import { accountOfType } from '../account-of-type';
import type { ConnectionTester } from '../../modules/service-accounts/connection-testers';
import { ftpOperations, withFtpClient, type FtpClientOptions } from './ftp-client';

/** How the port finds an account of the scope's workspace, secrets decrypted. */
export type AccountLookup = (
  workspaceId: string,
  id: string,
) => Promise<{ type: string; data: Record<string, unknown> } | undefined>;

/**
 * The engine's FTP port: each call logs in to the `ftp_server` account's server, does one
 * thing and closes (no connection outlives a node's run).
 */
export function createFtpPort(getAccount: AccountLookup, options: FtpClientOptions): FtpPort {
  const run = async <T>(
    scope: ExecutionScope,
    target: FtpTarget,
    work: (client: Client) => Promise<T>,
  ): Promise<T> => {
    const account = accountOfType(
      await getAccount(scope.workspaceId, target.serviceAccountId),
      'ftp_server',
      'O nó FTP',
    );
    return withFtpClient(account.data, options, target.signal, work, target.path);
  };
  return {
    list: (scope, target) =>
      run(scope, target, (client) => ftpOperations.list(client, target.path)),
    download: (scope, target) =>
      run(scope, target, (client) => ftpOperations.download(client, target.path, target.maxBytes)),
    upload: (scope, target) =>
      run(scope, target, (client) => ftpOperations.upload(client, target.path, target.content)),
    delete: (scope, target) =>
      run(scope, target, (client) => ftpOperations.delete(client, target.path)),
  };
}

/** Connection test of an `ftp_server` account: log in and ask the current folder. */
export async function testFtpAccount(
  data: Record<string, unknown>,
  options: FtpClientOptions,
  signal: AbortSignal,
): Promise<string> {
  const folder = await withFtpClient(data, options, signal, (client) => client.pwd());
  return `Conectado ao servidor FTP (pasta inicial: ${folder}).`;
}

/** The 'Testar conexão' of `ftp_server` accounts, with the app's guard and FTPS options. */
export const createFtpTester =
  (options: FtpClientOptions): ConnectionTester =>
  (account, { signal }) =>
    testFtpAccount(account.data, options, signal);
