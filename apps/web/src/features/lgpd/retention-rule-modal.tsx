import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import {
  retentionAreaLabels,
  retentionRuleBodySchema,
  type RetentionRule,
  type RetentionRuleArea,
} from '@ponte/shared/lgpd/retention.schema';
import { messages } from '@ponte/shared/messages';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { useRetentionTargets, useSaveRetentionRule } from './retention-api';

const m = messages.retention;
/** The Select's value for "no date field": the record's creation. */
const byCreation = '__created_at';

const areaOptions = (['table', 'queue', 'storage'] as const).map((value) => ({
  value,
  label: retentionAreaLabels[value],
}));

interface RetentionRuleModalProps {
  opened: boolean;
  /** The rule to edit; null adds a new one. */
  rule: RetentionRule | null;
  /** A new value starts the form afresh. */
  session: number;
  onClose: () => void;
}

/**
 * The modal form of a retention rule: what it removes (a table's records by a date field or
 * their creation, a queue's finished messages, a Storage folder's files) and after how many
 * days. Closing it with changes asks first; a refusal is shown as the server says it.
 */
export function RetentionRuleModal({ session, ...props }: RetentionRuleModalProps) {
  return <RuleForm key={session} {...props} />;
}

function RuleForm({ opened, rule, onClose }: Omit<RetentionRuleModalProps, 'session'>) {
  const targets = useRetentionTargets(opened);
  const save = useSaveRetentionRule();
  const [area, setArea] = useState<RetentionRuleArea>(rule?.area ?? 'table');
  const [target, setTarget] = useState(rule?.target ?? '');
  const [dateField, setDateField] = useState(rule?.date_field ?? byCreation);
  const [days, setDays] = useState<string | number>(rule?.days ?? 30);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = useMemo(
    () => ({ area, target, dateField, days }),
    [area, target, dateField, days],
  );
  const saved = useSavedValue(current);
  const unsaved = useUnsavedChanges(opened && saved.dirty);
  const close = () => unsaved.confirmLeave(onClose);

  const table = targets.data?.tables.find((each) => each._id === target);
  const fieldOptions = [
    { value: byCreation, label: 'Data de criação do registro' },
    ...(table?.date_fields ?? []).map((field) => ({ value: field.name, label: field.label })),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = retentionRuleBodySchema.safeParse({
      area,
      target,
      date_field: area === 'table' && dateField !== byCreation ? dateField : null,
      days: days === '' ? Number.NaN : Number(days),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    try {
      await save.mutateAsync({ id: rule?._id ?? null, body: parsed.data });
      toast.success(m.saved);
      onClose();
    } catch (error) {
      const told = isApiError(error) && [400, 404, 429].includes(error.status);
      toast.error(told ? error.message : m.saveError);
    }
  };

  const pick = (next: RetentionRuleArea) => {
    setArea(next);
    setTarget('');
    setDateField(byCreation);
    setErrors({});
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={rule ? 'Editar regra de retenção' : 'Nova regra de retenção'}
        centered
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Select
              label="O que apagar"
              data={areaOptions}
              value={area}
              onChange={(value) => value && pick(value as RetentionRuleArea)}
              allowDeselect={false}
              data-autofocus
            />
            {area === 'table' && (
              <>
                <Select
                  label="Tabela"
                  withAsterisk
                  searchable
                  placeholder="Escolha a tabela"
                  data={(targets.data?.tables ?? []).map((t) => ({ value: t._id, label: t.name }))}
                  value={target || null}
                  onChange={(value) => {
                    setTarget(value ?? '');
                    setDateField(byCreation);
                  }}
                  error={errors.target}
                />
                <Select
                  label="Data que conta"
                  description="Os registros cuja data é mais antiga que o prazo são apagados; os que não têm valor nesse campo ficam."
                  data={fieldOptions}
                  value={dateField}
                  onChange={(value) => setDateField(value ?? byCreation)}
                  allowDeselect={false}
                  error={errors.date_field}
                />
              </>
            )}
            {area === 'queue' && (
              <Select
                label="Fila"
                withAsterisk
                searchable
                placeholder="Escolha a fila"
                description="Só as mensagens já concluídas ou com falha são apagadas; as que esperam ficam."
                data={(targets.data?.queues ?? []).map((q) => ({ value: q._id, label: q.name }))}
                value={target || null}
                onChange={(value) => setTarget(value ?? '')}
                error={errors.target}
              />
            )}
            {area === 'storage' && (
              <TextInput
                label="Pasta do Storage"
                withAsterisk
                placeholder="/relatorios"
                description="Os arquivos desta pasta e das subpastas gravados há mais tempo que o prazo são apagados; as pastas ficam."
                value={target}
                onChange={(event) => setTarget(event.currentTarget.value)}
                error={errors.target}
              />
            )}
            <NumberInput
              label="Apagar depois de (dias)"
              withAsterisk
              min={1}
              max={36_500}
              step={1}
              allowDecimal={false}
              value={days}
              onChange={setDays}
              error={errors.days}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={save.isPending}>
                Cancelar
              </Button>
              <Button type="submit" loading={save.isPending}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {unsaved.dialog}
    </>
  );
}
