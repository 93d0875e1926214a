import { useState } from 'react';
import {
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import {
  newRetryPolicy,
  retryPatternError,
  retryStatusSchema,
  type NodeOnError,
  type RetryMatch,
} from '@ponte/shared/flow/node-on-error';

export const onErrorTitle = 'Em caso de erro';

const thenOptions = [
  { value: 'default', label: 'Saída de erro, se conectada; senão, parar a execução' },
  { value: 'error', label: 'Seguir pela saída de erro' },
  { value: 'stop', label: 'Parar a execução' },
  { value: 'continue', label: 'Continuar com a entrada' },
];

const statusSuggestions = ['429', '503', '5xx', '4xx', '408', '500', '502', '504'];
const emptyMatch: RetryMatch = { statuses: [], timeouts: true, network: true, text: '' };
const seconds = (ms: number) => ms / 1000;
const millis = (value: string | number, min: number) =>
  Math.max(min, Math.round(Number(value) * 1000) || min);

/** The node's setting, or undefined when it says nothing (no retries, the default 'then'). */
function settled(next: NodeOnError): NodeOnError | undefined {
  return next.retries === 0 && next.then === undefined ? undefined : next;
}

interface OnErrorSectionProps {
  node: FlowNode;
  manifest: NodeManifest;
  readOnly: boolean;
  onChange: (next: NodeOnError | undefined) => void;
}

/**
 * 'Em caso de erro' (docs/adr/0110): new attempts with their waits and the failures they
 * answer, then what happens once they are spent. Triggers have none: they only start a run.
 */
export function OnErrorSection({ node, manifest, readOnly, onChange }: OnErrorSectionProps) {
  const [statusError, setStatusError] = useState<string | null>(null);
  if (manifest.category === 'trigger') return null;
  const current = node.onError ?? { ...newRetryPolicy, retries: 0 };
  const change = (patch: Partial<NodeOnError>) => onChange(settled({ ...current, ...patch }));
  const match = current.match;
  const setMatch = (patch: Partial<RetryMatch>) =>
    change({ match: { ...(match ?? emptyMatch), ...patch } });
  const retrying = current.retries > 0;
  return (
    <>
      <Divider label={onErrorTitle} labelPosition="left" />
      <NumberInput
        label="Novas tentativas"
        description="Quantas vezes tentar de novo quando o conector falha (0 a 10). Numa execução de produção, a espera entre elas não ocupa a execução e sobrevive a um reinício."
        min={0}
        max={10}
        clampBehavior="strict"
        allowDecimal={false}
        value={current.retries}
        readOnly={readOnly}
        onChange={(value) => change({ retries: Number(value) || 0 })}
      />
      {retrying ? (
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500}>
              Espera entre as tentativas
            </Text>
            <SegmentedControl
              aria-label="Espera entre as tentativas"
              mt={4}
              readOnly={readOnly}
              data={[
                { value: 'exponential', label: 'Crescente' },
                { value: 'fixed', label: 'Fixa' },
              ]}
              value={current.backoff}
              onChange={(value) => change({ backoff: value as NodeOnError['backoff'] })}
            />
          </div>
          <Group grow align="flex-start">
            <NumberInput
              label={current.backoff === 'fixed' ? 'Espera (s)' : 'Primeira espera (s)'}
              min={0.1}
              max={86_400}
              decimalScale={1}
              decimalSeparator=","
              value={seconds(current.base_ms)}
              readOnly={readOnly}
              onChange={(value) => value !== '' && change({ base_ms: millis(value, 100) })}
            />
            {current.backoff === 'exponential' ? (
              <NumberInput
                label="Multiplicador"
                min={1}
                max={10}
                decimalScale={1}
                decimalSeparator=","
                value={current.factor}
                readOnly={readOnly}
                onChange={(value) =>
                  change({ factor: Math.min(10, Math.max(1, Number(value) || 1)) })
                }
              />
            ) : null}
            {current.backoff === 'exponential' ? (
              <NumberInput
                label="Espera máxima (s)"
                min={0.1}
                max={86_400}
                decimalScale={1}
                decimalSeparator=","
                value={seconds(current.max_ms)}
                readOnly={readOnly}
                onChange={(value) => value !== '' && change({ max_ms: millis(value, 100) })}
              />
            ) : null}
          </Group>
          <Checkbox
            label="Variar as esperas"
            description="Cada espera é sorteada entre a metade e o total, para que execuções que falharam juntas não voltem juntas. Um Retry-After do serviço é respeitado."
            checked={current.jitter}
            readOnly={readOnly}
            onChange={(event) => change({ jitter: event.currentTarget.checked })}
          />
          <Radio.Group
            label="Tentar de novo quando"
            value={match ? 'some' : 'any'}
            onChange={(value) => change({ match: value === 'some' ? emptyMatch : undefined })}
          >
            <Group mt={4}>
              <Radio value="any" label="Qualquer erro" disabled={readOnly} />
              <Radio value="some" label="Só nestes erros" disabled={readOnly} />
            </Group>
          </Radio.Group>
          {match ? (
            <Stack gap="xs">
              <TagsInput
                label="Status HTTP"
                description="Um código (429, 503) ou uma classe (4xx, 5xx). Enter para incluir."
                data={statusSuggestions}
                value={match.statuses}
                error={statusError}
                readOnly={readOnly}
                onChange={(values) => {
                  const valid = values.filter(
                    (value) => retryStatusSchema.safeParse(value).success,
                  );
                  setStatusError(
                    valid.length < values.length ? 'Use um código de 100 a 599, 4xx ou 5xx.' : null,
                  );
                  setMatch({ statuses: valid });
                }}
              />
              <Checkbox
                label="Tempo esgotado"
                checked={match.timeouts}
                readOnly={readOnly}
                onChange={(event) => setMatch({ timeouts: event.currentTarget.checked })}
              />
              <Checkbox
                label="Falha de rede (conexão recusada ou encerrada, endereço não encontrado)"
                checked={match.network}
                readOnly={readOnly}
                onChange={(event) => setMatch({ network: event.currentTarget.checked })}
              />
              <TextInput
                label="Mensagem do erro contém"
                description="Sem diferenciar acentos e maiúsculas; ou uma expressão regular entre barras, como /limite|cota/i."
                maxLength={500}
                value={match.text}
                error={retryPatternError(match.text)}
                readOnly={readOnly}
                onChange={(event) => setMatch({ text: event.currentTarget.value })}
              />
            </Stack>
          ) : null}
        </Stack>
      ) : null}
      <Select
        label={retrying ? 'Depois das tentativas' : 'Quando falhar'}
        data={thenOptions}
        allowDeselect={false}
        value={current.then ?? 'default'}
        readOnly={readOnly}
        onChange={(value) =>
          change({ then: value === 'default' ? undefined : (value as NodeOnError['then']) })
        }
      />
    </>
  );
}
