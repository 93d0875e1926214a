import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { versionKeepSchema, type VersionRetentionSetting } from '@ponte/shared/versions.schema';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useVersionRetention } from './api/get-version-retention';
import { useUpdateVersionRetention } from './api/update-version-retention';
import { FormError } from './form-error';
import { useCan } from '../../lib/session/use-can';

const m = messages.versions;

const retentionHelp =
  'Vale para flows, formulários, dashboards, tabelas, regras de alerta e filas. A versão atual de cada item é sempre guardada, e as execuções nunca são apagadas por esta configuração. As versões que ficarem de fora são apagadas ao salvar e uma vez por dia.';

type Rule = 'all' | 'count' | 'days';

const ruleOf = (setting: VersionRetentionSetting): Rule =>
  setting.version_keep_count !== null
    ? 'count'
    : setting.version_keep_days !== null
      ? 'days'
      : 'all';

/** The number typed for the chosen rule, checked by the shared rule (1 to 100.000). */
function parsedKeep(value: string | number) {
  return versionKeepSchema.safeParse(value === '' ? undefined : Number(value));
}

interface KeepInputProps {
  label: string;
  value: string | number;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | number) => void;
}

function KeepInput({ label, value, error, disabled, onChange }: KeepInputProps) {
  return (
    <NumberInput
      label={label}
      thousandSeparator="."
      decimalSeparator=","
      allowDecimal={false}
      allowNegative={false}
      hideControls
      maw={220}
      ml="xl"
      disabled={disabled}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

function RetentionForm({
  setting,
  canEdit,
}: {
  setting: VersionRetentionSetting;
  canEdit: boolean;
}) {
  const denied = useCan('workspace.settings').reason;
  const save = useUpdateVersionRetention();
  const [rule, setRule] = useState<Rule>(ruleOf(setting));
  const [count, setCount] = useState<string | number>(setting.version_keep_count ?? '');
  const [days, setDays] = useState<string | number>(setting.version_keep_days ?? '');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let body: VersionRetentionSetting = { version_keep_count: null, version_keep_days: null };
    if (rule !== 'all') {
      const parsed = parsedKeep(rule === 'count' ? count : days);
      if (!parsed.success) {
        setProblem(parsed.error.issues[0]?.message);
        return;
      }
      body =
        rule === 'count'
          ? { ...body, version_keep_count: parsed.data }
          : { ...body, version_keep_days: parsed.data };
    }
    if (save.isPending) return;
    try {
      await save.mutateAsync(body);
      toast.success(m.retentionSaved);
    } catch {
      // Shown under the form.
    }
  };

  const typed = (set: (value: string | number) => void) => (value: string | number) => {
    set(value);
    setProblem(undefined);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={3} fz={17} id="version-retention-title">
          {m.history}
        </Title>
        <Radio.Group
          value={rule}
          onChange={(value) => {
            setRule(value as Rule);
            setProblem(undefined);
          }}
          aria-labelledby="version-retention-title"
          description={retentionHelp}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="all" label="Guardar todas as versões" disabled={!canEdit} />
            <Radio
              value="count"
              label="Guardar as últimas N versões de cada item"
              disabled={!canEdit}
            />
            {rule === 'count' ? (
              <KeepInput
                label="Número de versões"
                value={count}
                error={problem}
                disabled={!canEdit}
                onChange={typed(setCount)}
              />
            ) : null}
            <Radio value="days" label="Guardar as versões dos últimos N dias" disabled={!canEdit} />
            {rule === 'days' ? (
              <KeepInput
                label="Número de dias"
                value={days}
                error={problem}
                disabled={!canEdit}
                onChange={typed(setDays)}
              />
            ) : null}
          </Stack>
        </Radio.Group>
        {canEdit ? (
          <>
            <FormError error={save.error} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Salvar
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {denied}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * 'Histórico de versões' on 'Configurações do workspace' (docs/adr/0103): every version, the
 * last N of each item, or those of the last N days. Any member reads it; the owner changes it.
 */
export function VersionRetentionSection({ canEdit }: { canEdit: boolean }) {
  const retention = useVersionRetention();
  if (retention.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (retention.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(retention.error)}
      </Alert>
    );
  }
  const { version_keep_count, version_keep_days } = retention.data;
  return (
    <RetentionForm
      key={`${version_keep_count}-${version_keep_days}`}
      setting={retention.data}
      canEdit={canEdit}
    />
  );
}
