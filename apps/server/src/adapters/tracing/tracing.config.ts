import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';
import { httpUrl } from '../../config/http-url';
import { wholeNumber } from '../../config/whole-number';

/** The samplers the SDK knows by name (`OTEL_TRACES_SAMPLER`). */
const samplers = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** `chave=valor` pairs separated by commas, as the SDK reads headers and resource attributes. */
const keyValues = z.string().refine(
  (value) =>
    value
      .split(',')
      .filter((pair) => pair.trim() !== '')
      .every((pair) => /^\s*[^=\s][^=]*=/.test(pair)),
  { error: 'deve ser uma lista de pares chave=valor separados por vírgula' },
);

const trueOrFalse = z.string().refine((value) => /^(true|false)$/i.test(value), {
  error: 'deve ser true ou false',
});

/** A number from 0 to 1 (`traceidratio`: the share of traces kept). */
const ratio = z.string().refine(
  (value) => {
    const number = Number(value);
    return /^\s*[\d.]+\s*$/.test(value) && number >= 0 && number <= 1;
  },
  { error: 'deve ser um número de 0 a 1 (ex.: 0.1)' },
);

/**
 * The standard `OTEL_*` variables Ponte documents (docs/adr/0131). The SDK reads them itself
 * from the environment, and only once tracing is on (`tracing.ts`, no SDK module loaded while
 * off); here they are listed and checked at start, so a bad value stops the server with a
 * pt-BR reason instead of being dropped by the SDK without a word.
 */
export const tracingConfig = defineModuleConfig({
  variables: [
    {
      name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
      default: null,
      description:
        'Liga o rastreamento (OpenTelemetry): endereço do coletor OTLP/HTTP; os spans vão para <endereço>/v1/traces.',
    },
    {
      name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      default: null,
      description: 'Também liga o rastreamento: endereço completo só dos traces (tem prioridade).',
    },
    {
      name: 'OTEL_EXPORTER_OTLP_HEADERS',
      default: null,
      description:
        'Cabeçalhos enviados ao coletor, como chave=valor separados por vírgula (ex.: api-key=…).',
    },
    {
      name: 'OTEL_EXPORTER_OTLP_TIMEOUT',
      default: '10000',
      description: 'Tempo máximo de cada envio ao coletor, em milissegundos.',
    },
    {
      name: 'OTEL_SERVICE_NAME',
      default: 'ponte',
      description: 'Nome do serviço nos traces.',
    },
    {
      name: 'OTEL_RESOURCE_ATTRIBUTES',
      default: null,
      description:
        'Atributos do recurso nos traces, como chave=valor separados por vírgula (ex.: deployment.environment=producao).',
    },
    {
      name: 'OTEL_TRACES_SAMPLER',
      default: 'parentbased_always_on',
      description: `Amostragem dos traces: ${samplers.join(', ')}.`,
    },
    {
      name: 'OTEL_TRACES_SAMPLER_ARG',
      default: null,
      description: 'Fração dos traces guardados pelas amostragens traceidratio, de 0 a 1.',
    },
    {
      name: 'OTEL_SDK_DISABLED',
      default: 'false',
      description: 'true desliga o rastreamento, mesmo com endereço do coletor.',
    },
  ],
  envShape: {
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_HEADERS: keyValues.optional(),
    OTEL_EXPORTER_OTLP_TIMEOUT: wholeNumber(1, 600_000).optional(),
    OTEL_SERVICE_NAME: z.string().optional(),
    OTEL_RESOURCE_ATTRIBUTES: keyValues.optional(),
    OTEL_TRACES_SAMPLER: z
      .string()
      .refine((value) => (samplers as readonly string[]).includes(value.toLowerCase()), {
        error: `deve ser um destes: ${samplers.join(', ')}`,
      })
      .optional(),
    OTEL_TRACES_SAMPLER_ARG: ratio.optional(),
    OTEL_SDK_DISABLED: trueOrFalse.optional(),
  },
  // The SDK reads the values itself; the executions module asks `executionTracerOf`.
  read: () => ({}),
});
