import { messages } from '@ponte/shared/messages';

/**
 * The account a node chose, checked: missing → `missingAccount`, of another type →
 * `wrongType(node, type)` (pt-BR, read by the person in the execution's error).
 */
export function accountOfType<T extends { type: string }>(
  account: T | undefined,
  type: string,
  node: string,
): T {
  if (!account) throw new Error(messages.serviceAccounts.missingAccount);
  if (account.type !== type)
    throw new Error(messages.serviceAccounts.wrongType(node, account.type));
  return account;
}
