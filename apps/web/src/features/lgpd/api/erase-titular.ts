import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  titularEraseResultSchema,
  type TitularEraseResult,
  type TitularPlace,
} from '@ponte/shared/lgpd/titular.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { titularRequestsQueryKey } from './titular-query-keys';

export interface EraseTitularInput {
  query: string;
  /** The counts the confirmation named, per place. */
  confirm: Partial<Record<TitularPlace, number>>;
}

/** POST /api/v1/lgpd/titulars/erase: removes or anonymises every hit, then searches again. */
export function eraseTitular(input: EraseTitularInput): Promise<TitularEraseResult> {
  return apiRequest('/api/v1/lgpd/titulars/erase', {
    method: 'POST',
    body: input,
    schema: titularEraseResultSchema,
  });
}

export function useEraseTitular() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseTitular,
    onSettled: () => queryClient.invalidateQueries({ queryKey: titularRequestsQueryKey }),
  });
}
