import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEmailSendersSchema } from '@ponte/shared/alert-rules.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { alertRulesQueryKey } from './get-alert-rules';

/** GET /api/v1/alert-rules/email-senders: whether the instance SMTP (PONTE_SMTP_URL) is set. */
export function getEmailSenders() {
  return apiRequest('/api/v1/alert-rules/email-senders', { schema: alertEmailSendersSchema });
}

/** Undefined while unknown; the instance SMTP is offered only once the server says it is set. */
export function useInstanceSmtp(): boolean | undefined {
  const query = useQuery(
    queryOptions({
      queryKey: [...alertRulesQueryKey, 'email-senders'],
      queryFn: getEmailSenders,
      staleTime: 60_000,
    }),
  );
  return query.data?.instance_smtp;
}
