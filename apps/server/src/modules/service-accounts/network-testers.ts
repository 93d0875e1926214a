import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { createSmtpTester } from '../../adapters/mail/mail-port';
import type { Resolver } from '../../adapters/outbound-http/guarded-agent';
import type { NetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createDatabaseUriTester } from '../../adapters/sql/sql-port';
import { connectionTesters, type ConnectionTester } from './connection-testers';

/**
 * The testers of types that do not speak HTTP (SMTP, PostgreSQL): they need the network guard
 * itself, which the app builds, so they join `connectionTesters` here (docs/adr/0027).
 */
export function networkTesters(network: {
  guard: NetworkGuard;
  resolver?: Resolver;
}): Partial<Record<ServiceAccountType, ConnectionTester>> {
  return {
    ...connectionTesters,
    smtp_account: createSmtpTester(network),
    database_uri: createDatabaseUriTester(network),
  };
}
