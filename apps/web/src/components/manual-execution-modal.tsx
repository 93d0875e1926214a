import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../lib/api/api-error';
import { useManualForm } from '../lib/flows/api/get-manual-form';
import type { ManualFormField } from '../lib/flows/api/get-manual-form';
import { useRunManualTrigger } from '../lib/flows/api/run-manual-trigger';
import type { ManualInputValue } from '../lib/flows/api/run-manual-trigger';
import { ManualField } from './manual-form-field';

const manualRunStarted =
  'Flow iniciado! Verifique os logs de monitoramento para detalhes da execução.';
const manualRunFailed = 'Ocorreu um erro ao tentar executar o Flow!';
/** Spec 1 §2.5: the modal closes this long after a successful start. */
const closeAfterMs = 1000;

export interface ManualExecutionModalProps {
  flowId: string | null;
  flowName?: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Executar Flow' (spec 1 §2.5): the form of the flow's Manual Trigger; Executar starts the
 * flow with the values (multipart, files included). Used by the flows list and the editor.
 */
export function ManualExecutionModal({
  flowId,
  flowName,
  opened,
  onClose,
}: ManualExecutionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Executar Flow" centered size="lg">
      {opened && flowId ? (
        <ManualExecutionForm key={flowId} flowId={flowId} flowName={flowName} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

interface ManualExecutionFormProps {
  flowId: string;
  flowName?: string;
  onClose: () => void;
}

function isEmpty(value: ManualInputValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** Mounted on each opening, so every opening starts with an empty form. */
function ManualExecutionForm({ flowId, flowName, onClose }: ManualExecutionFormProps) {
  const form = useManualForm(flowId);
  const run = useRunManualTrigger();
  const [values, setValues] = useState<Record<string, ManualInputValue>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [runError, setRunError] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const fields = form.data?.form_fields ?? [];

  const change = (field: ManualFormField, value: ManualInputValue) => {
    setValues((current) => ({ ...current, [field.name]: value }));
    setFieldErrors(({ [field.name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.data || run.isPending || started) return;
    const missing: Record<string, string> = {};
    for (const field of fields) {
      if (field.required && isEmpty(values[field.name])) {
        missing[field.name] = messages.generic.requiredField(field.label);
      }
    }
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;

    setRunError(null);
    const sent: Record<string, ManualInputValue> = {};
    for (const field of fields) {
      const value = values[field.name];
      sent[field.name] = field.type === 'upload' ? (value ?? null) : String(value ?? '');
    }
    try {
      await run.mutateAsync({ flowId, values: sent });
      setStarted(true);
      closeTimer.current = setTimeout(onClose, closeAfterMs);
    } catch (error) {
      setRunError(errorMessage(error));
    }
  };

  if (form.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Carregando" />
      </Center>
    );
  }
  if (form.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {errorMessage(form.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    );
  }

  const description = form.data.form_description.trim();
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {flowName ? (
          <Text size="sm" fw={500}>
            {flowName}
          </Text>
        ) : null}
        {description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {description}
          </Text>
        ) : null}
        {fields.map((field) => (
          <ManualField
            key={field.name}
            field={field}
            value={values[field.name]}
            error={fieldErrors[field.name]}
            disabled={run.isPending || started}
            onChange={(value) => change(field, value)}
          />
        ))}
        {started ? (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />}>
            {manualRunStarted}
          </Alert>
        ) : null}
        {runError ? (
          <Alert
            color="red"
            variant="light"
            title={manualRunFailed}
            icon={<IconAlertTriangle size={18} />}
          >
            {runError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={run.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={run.isPending} disabled={started}>
            Executar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
