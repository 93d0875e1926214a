import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  alertFiringListSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleTestResultSchema,
} from '@ponte/shared/alert-rules.schema';
import type {
  AlertRule,
  AlertRuleBody,
  AlertRuleList,
  AlertRuleTestResult,
} from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { withVersion } from '../../../lib/versions/version-stamp';

/** Every query about alert rules starts with this key. */
export const alertRulesQueryKey = ['alert-rules'] as const;

export const alertRuleDetailKey = (id: string) => [...alertRulesQueryKey, 'detail', id] as const;

export interface AlertRulesParams {
  page: number;
  query: string;
  group: string;
}

export const alertRulePath = (id: string) => `/api/v1/alert-rules/${encodeURIComponent(id)}`;

/** A rule as the API sends it, with the number of its current version (docs/adr/0103). */
export const versionedAlertRuleSchema = withVersion(alertRuleSchema);
export type VersionedAlertRule = AlertRule & { version?: number };

/** GET /api/v1/alert-rules: one page of 10 (page, perPage, filter), by the selected group. */
export function getAlertRules({ page, query, group }: AlertRulesParams): Promise<AlertRuleList> {
  return apiRequest('/api/v1/alert-rules', {
    query: { page, perPage: limits.alertRulesPageSize, filter: query, group },
    schema: alertRuleListSchema,
  });
}

export function useAlertRules(params: AlertRulesParams) {
  return useQuery(
    queryOptions({
      queryKey: [...alertRulesQueryKey, 'list', params],
      queryFn: () => getAlertRules(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/alert-rules/{id} */
export function getAlertRule(id: string): Promise<VersionedAlertRule> {
  return apiRequest(alertRulePath(id), { schema: versionedAlertRuleSchema });
}

export function useAlertRule(id: string | undefined) {
  return useQuery({
    queryKey: alertRuleDetailKey(id ?? ''),
    queryFn: () => getAlertRule(id ?? ''),
    enabled: Boolean(id),
  });
}

/** GET /api/v1/alert-rules/{id}/firings: the rule's last firings, newest first. */
export function useAlertFirings(id: string | undefined) {
  return useQuery({
    queryKey: [...alertRulesQueryKey, 'firings', id ?? ''],
    queryFn: () =>
      apiRequest(`${alertRulePath(id ?? '')}/firings`, { schema: alertFiringListSchema }),
    enabled: Boolean(id),
  });
}

/** POST /api/v1/alert-rules/test: which of the newest logs the match configuration takes. */
export function useTestAlertRule() {
  return useMutation({
    mutationFn: (
      body: Pick<
        AlertRuleBody,
        'match_log_type' | 'match_log_json_field' | 'match_log_content' | 'flow_id'
      >,
    ): Promise<AlertRuleTestResult> =>
      apiRequest('/api/v1/alert-rules/test', {
        method: 'POST',
        body,
        schema: alertRuleTestResultSchema,
      }),
  });
}
