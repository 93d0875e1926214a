import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lastTriggerMessageSchema } from '@ponte/shared/execution-data.schema';
import { formatDateTime } from '@ponte/shared/format';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import { JsonTree } from '../../../components/json-tree';
import { ManualField } from '../../../components/manual-form-field';
import { errorMessage } from '../../../lib/api/api-error';
import { lastTriggerMessageQueryOptions } from '../../../lib/executions/get-last-trigger-message';
import {
  manualFormFields,
  manualTriggerType,
  parseSampleData,
  sampleTemplate,
  webhookTriggerType,
  type StartData,
  type StartDataKind,
} from './start-data';

type LastTriggerMessage = z.infer<typeof lastTriggerMessageSchema>;

export interface TriggerOption {
  uid: string;
  type: string;
  /** The node's name or its connector's. */
  label: string;
}

/** What opens the modal: the triggers that lead to the node and the one shown first. */
export interface StartDataRequest {
  triggers: TriggerOption[];
  triggerUid: string;
  /** The current choice of that trigger, when changing it. */
  current?: StartData;
}

interface StartDataModalProps {
  request: StartDataRequest | null;
  flowId: string | null;
  doc: FlowDocument;
  onCancel: () => void;
  onStart: (triggerUid: string, data: StartData) => void;
}

/**
 * 'Dados de início' of an editor run: the Manual Trigger's form, a webhook's last received
 * request, or sample data typed as JSON (any trigger).
 */
export function StartDataModal({ request, flowId, doc, onCancel, onStart }: StartDataModalProps) {
  return (
    <Modal opened={request !== null} onClose={onCancel} title="Dados de início" centered size="lg">
      {request && flowId ? (
        <StartDataForm
          request={request}
          flowId={flowId}
          doc={doc}
          onCancel={onCancel}
          onStart={onStart}
        />
      ) : null}
    </Modal>
  );
}

function defaultKind(type: string): StartDataKind {
  if (type === manualTriggerType) return 'form';
  if (type === webhookTriggerType) return 'last-request';
  return 'sample';
}

/** Mounted on each opening. */
function StartDataForm({
  request,
  flowId,
  doc,
  onCancel,
  onStart,
}: Omit<StartDataModalProps, 'request' | 'flowId'> & {
  request: StartDataRequest;
  flowId: string;
}) {
  const [triggerUid, setTriggerUid] = useState(request.triggerUid);
  const trigger = request.triggers.find((each) => each.uid === triggerUid) ?? request.triggers[0]!;
  const initialKind = request.current?.kind ?? defaultKind(trigger.type);
  const [kind, setKind] = useState<StartDataKind>(initialKind);
  const [sample, setSample] = useState(
    request.current?.kind === 'sample'
      ? JSON.stringify(request.current.msg, null, 2)
      : sampleTemplate,
  );
  const [sampleError, setSampleError] = useState<string>();
  const initialValues =
    request.current?.kind === 'form' ? (request.current.msg as Record<string, string>) : {};
  const [values, setValues] = useState<Record<string, string>>(initialValues);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const node = doc.nodes.find((each) => each.uid === trigger.uid);
  const form = manualFormFields(node?.params ?? {});
  const isWebhook = trigger.type === webhookTriggerType;
  const lastRequest = useQuery({
    ...lastTriggerMessageQueryOptions(flowId, trigger.uid),
    enabled: isWebhook && kind === 'last-request',
  });

  const chooseTrigger = (uid: string | null) => {
    const next = request.triggers.find((each) => each.uid === uid);
    if (!next) return;
    setTriggerUid(next.uid);
    setKind(defaultKind(next.type));
    setFieldErrors({});
    setSampleError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'sample') {
      const parsed = parseSampleData(sample);
      if (!parsed.ok) {
        setSampleError(parsed.error);
        return;
      }
      onStart(trigger.uid, { kind, msg: parsed.msg });
      return;
    }
    if (kind === 'last-request') {
      const msg = lastRequest.data?.msg;
      if (msg) onStart(trigger.uid, { kind, msg });
      return;
    }
    const missing: Record<string, string> = {};
    for (const field of form.fields) {
      if (field.required && !values[field.name]?.trim()) {
        missing[field.name] = messages.generic.requiredField(field.label);
      }
    }
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    const msg = Object.fromEntries(
      form.fields.map((field) => [field.name, values[field.name] ?? '']),
    );
    onStart(trigger.uid, { kind, msg });
  };

  const kinds: { value: StartDataKind; label: string }[] =
    trigger.type === manualTriggerType
      ? [{ value: 'form', label: 'Formulário' }]
      : isWebhook
        ? [
            { value: 'last-request', label: 'Última requisição recebida' },
            { value: 'sample', label: 'Dados de exemplo' },
          ]
        : [{ value: 'sample', label: 'Dados de exemplo' }];
  const canStart = kind !== 'last-request' || Boolean(lastRequest.data?.msg);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A execução do editor começa no gatilho com estes dados e para no conector escolhido.
        </Text>
        {request.triggers.length > 1 ? (
          <Select
            label="Gatilho"
            data={request.triggers.map((each) => ({ value: each.uid, label: each.label }))}
            value={trigger.uid}
            onChange={chooseTrigger}
            allowDeselect={false}
          />
        ) : null}
        {kinds.length > 1 ? (
          <SegmentedControl
            fullWidth
            data={kinds}
            value={kind}
            onChange={(value) => setKind(value as StartDataKind)}
          />
        ) : null}
        {kind === 'form' ? (
          <>
            {form.fields.length === 0 ? (
              <Text size="sm">O formulário do gatilho não tem campos.</Text>
            ) : null}
            {form.fields.map((field) => (
              <ManualField
                key={field.name}
                field={field}
                value={values[field.name]}
                error={fieldErrors[field.name]}
                disabled={false}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [field.name]: String(value ?? '') }));
                  setFieldErrors(({ [field.name]: _cleared, ...rest }) => rest);
                }}
              />
            ))}
            {form.hasUploads ? (
              <Text size="sm" c="dimmed">
                Campos de arquivo não são enviados nas execuções do editor.
              </Text>
            ) : null}
          </>
        ) : null}
        {kind === 'last-request' ? <LastRequest query={lastRequest} /> : null}
        {kind === 'sample' ? (
          <Textarea
            label="Dados de exemplo (JSON)"
            description="A mensagem que o gatilho envia: o corpo de uma requisição fica em payload."
            value={sample}
            onChange={(event) => {
              setSample(event.currentTarget.value);
              setSampleError(undefined);
            }}
            error={sampleError}
            autosize
            minRows={6}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!canStart}>
            Executar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LastRequest({ query }: { query: UseQueryResult<LastTriggerMessage> }) {
  if (query.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Carregando" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (!query.data.msg) {
    return (
      <Alert color="blue" variant="light">
        Nenhuma requisição recebida por este webhook foi guardada. Chame a URL do webhook e tente de
        novo, ou use dados de exemplo.
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {query.data.received_at ? (
        <Text size="sm">Recebida em {formatDateTime(query.data.received_at)}</Text>
      ) : null}
      <ScrollArea.Autosize mah={320} type="auto">
        <JsonTree value={query.data.msg} rootName="msg" openDepth={2} />
      </ScrollArea.Autosize>
    </Stack>
  );
}
