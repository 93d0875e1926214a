import { NumberInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { retentionInstanceSchema } from '@ponte/shared/lgpd/retention.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/v1/lgpd/retention/instance: the days the instance keeps logs and execution data. */
function useInstanceRetention() {
  return useQuery({
    queryKey: ['lgpd', 'retention', 'instance'],
    queryFn: () =>
      apiRequest('/api/v1/lgpd/retention/instance', {
        schema: retentionInstanceSchema,
        silent: true,
      }),
    staleTime: Infinity,
  });
}

interface FlowOptionsRetentionProps {
  /** '' follows the instance. */
  value: string | number;
  onChange: (value: string | number) => void;
  error?: string | undefined;
}

/**
 * 'Opções do Flow': how many days this flow's logs and execution data are kept (docs/adr/0123),
 * more or fewer than the instance's; empty follows the instance, whose days it shows.
 */
export function FlowOptionsRetention({ value, onChange, error }: FlowOptionsRetentionProps) {
  const instance = useInstanceRetention();
  const days = instance.data?.days;
  return (
    <NumberInput
      label="Guardar logs e dados das execuções por (dias)"
      description="Depois disso, os logs, os dados dos nós e a mensagem de entrada das execuções deste flow são apagados; a lista de execuções continua."
      placeholder={
        days === undefined
          ? 'Padrão da instância'
          : `Padrão da instância (${days} ${days === 1 ? 'dia' : 'dias'})`
      }
      min={1}
      max={36_500}
      step={1}
      allowDecimal={false}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
