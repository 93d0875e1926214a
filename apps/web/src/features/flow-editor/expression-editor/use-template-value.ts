import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { PreviewResult } from './api/preview-expressions';
import { previewTemplate, sampleKey } from './preview-batcher';

/** How long the preview waits after the last keystroke. */
export const previewDebounceMs = 300;

export interface TemplateValue {
  /** undefined: nothing to show (no sample, no flow, or waiting for the server). */
  result: PreviewResult | undefined;
  loading: boolean;
  /** pt-BR, when the server could not be asked. */
  failure?: string;
}

/**
 * The template resolved over the sample by the server, as a run would resolve it, refreshed
 * `previewDebounceMs` after the template stops changing. A text without `{{` is its own value.
 */
export function useTemplateValue(
  flowId: string | null | undefined,
  sample: Record<string, unknown> | null | undefined,
  template: string,
): TemplateValue {
  const [settled] = useDebouncedValue(template, previewDebounceMs);
  const plain = !settled.includes('{{');
  const enabled = Boolean(flowId && sample && !plain);
  const query = useQuery({
    queryKey: ['expression-preview', flowId, sample ? sampleKey(sample) : 0, settled],
    queryFn: () => previewTemplate(flowId!, sample!, settled),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (!flowId || !sample) return { result: undefined, loading: false };
  if (plain) return { result: { ok: true, value: settled }, loading: false };
  return {
    result: query.data,
    loading: query.isFetching || settled !== template,
    ...(query.error ? { failure: query.error.message } : {}),
  };
}
