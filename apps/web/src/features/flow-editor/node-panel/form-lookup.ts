import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { formStatuses } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { listResponseSchema } from '@ponte/shared/pagination';
import { apiRequest } from '../../../lib/api/api-client';

/** Only what the picker needs of each form (the list answers whole forms). */
const formNameSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(formStatuses),
  flow_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type FormName = z.infer<typeof formNameSchema>;
const formNamesSchema = listResponseSchema(formNameSchema);

/** GET /api/v1/forms?limit=1000: the workspace's forms for the picker (spec 2 §7). */
async function getFormNames(): Promise<FormName[]> {
  const list = await apiRequest('/api/v1/forms', {
    query: { page: 1, limit: limits.formsLookup },
    schema: formNamesSchema,
    silent: true,
  });
  return list.items.map(({ _id, name, status, flow_id }) => ({ _id, name, status, flow_id }));
}

export function useFormNames() {
  const query = useQuery(
    queryOptions({
      // Under ['forms']: the form screens' invalidations refresh the picker too.
      queryKey: ['forms', 'names'],
      queryFn: getFormNames,
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  );
  return { forms: query.data ?? [], isPending: query.isPending, isError: query.isError };
}
