import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { accountApiOauthTypes } from '@ponte/shared/service-accounts.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

type ProviderType = (typeof accountApiOauthTypes)[number];

const providerNames: Record<ProviderType, string> = {
  trello_oauth2: 'Trello',
  slack_oauth2: 'Slack',
  google_oauth2: 'Google',
};

export const providerUnavailable = (type: ProviderType) =>
  `Disponível quando o administrador configurar o cliente OAuth do ${providerNames[type]}.`;

const entrySchema = z.object({
  type: z.string(),
  configured: z.boolean().optional(),
  available: z.boolean().optional(),
  enabled: z.boolean().optional(),
  reason: z.string().nullish(),
  message: z.string().nullish(),
});
const flagsSchema = z.record(z.string(), z.unknown());
const answerSchema = z.union([
  z.object({ items: z.array(entrySchema) }),
  z.object({ providers: z.array(entrySchema) }),
  z.object({ providers: flagsSchema }),
  flagsSchema,
]);

const asType = (key: string): string => (key.endsWith('_oauth2') ? key : `${key}_oauth2`);

/** Reads the answer as {type: reason} for the provider types the server cannot offer. */
export function unavailableProviders(answer: z.infer<typeof answerSchema>) {
  const flags = new Map<string, { ok: boolean; reason?: string }>();
  const list = 'items' in answer ? answer.items : answer.providers;
  if (Array.isArray(list)) {
    for (const entry of list) {
      const ok = entry.configured ?? entry.available ?? entry.enabled ?? true;
      flags.set(asType(entry.type), { ok, reason: entry.reason ?? entry.message ?? undefined });
    }
  } else {
    const record = (list ?? answer) as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'boolean') flags.set(asType(key), { ok: value });
      const entry = entrySchema.partial().safeParse(value);
      if (typeof value === 'object' && value !== null && entry.success) {
        const { configured, available, enabled, reason, message } = entry.data;
        const ok = configured ?? available ?? enabled ?? true;
        flags.set(asType(key), { ok, reason: reason ?? message ?? undefined });
      }
    }
  }
  const unavailable: Partial<Record<ProviderType, string>> = {};
  for (const type of accountApiOauthTypes) {
    const flag = flags.get(type);
    if (flag && !flag.ok) unavailable[type] = flag.reason ?? providerUnavailable(type);
  }
  return unavailable;
}

/**
 * GET /api/v1/service-accounts/oauth2/providers: which of trello/slack/google the server has a
 * client for. A server without the route (or any failure) offers all of them.
 */
export async function getUnavailableProviders(): Promise<Partial<Record<ProviderType, string>>> {
  try {
    const answer = await apiRequest('/api/v1/service-accounts/oauth2/providers', {
      schema: answerSchema,
      silent: true,
    });
    return unavailableProviders(answer);
  } catch {
    return {};
  }
}

export function useUnavailableProviders() {
  const query = useQuery(
    queryOptions({
      queryKey: [...serviceAccountsQueryKey, 'oauth2-providers'],
      queryFn: getUnavailableProviders,
      staleTime: 60_000,
    }),
  );
  return query.data ?? {};
}
