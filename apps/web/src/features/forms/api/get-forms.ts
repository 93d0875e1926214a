import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { formListSchema, formSchema } from '@ponte/shared/forms.schema';
import type { Form, FormList } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { withVersion } from '../../../lib/versions/version-stamp';

/** Every query about forms starts with this key. */
export const formsQueryKey = ['forms'] as const;

export interface FormsParams {
  page: number;
  query: string;
  group: string;
}

export const formPath = (id: string) => `/api/v1/forms/${encodeURIComponent(id)}`;

/** A form as the API sends it, with the number of its current version (docs/adr/0103). */
export const versionedFormSchema = withVersion(formSchema);
export type VersionedForm = Form & { version?: number };

/** GET /api/v1/forms: one page of 10, by name and the selected group. */
export function getForms({ page, query, group }: FormsParams): Promise<FormList> {
  return apiRequest('/api/v1/forms', {
    query: { page, limit: limits.formsPageSize, query, group },
    schema: formListSchema,
  });
}

export function useForms(params: FormsParams) {
  return useQuery(
    queryOptions({
      queryKey: [...formsQueryKey, 'list', params],
      queryFn: () => getForms(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/forms/{id}: the form with its fields, display settings and consumer flow. */
export function getForm(id: string): Promise<VersionedForm> {
  return apiRequest(formPath(id), { schema: versionedFormSchema });
}

export function useForm(id: string | undefined) {
  return useQuery({
    queryKey: [...formsQueryKey, 'detail', id ?? ''],
    queryFn: () => getForm(id ?? ''),
    enabled: Boolean(id),
  });
}
