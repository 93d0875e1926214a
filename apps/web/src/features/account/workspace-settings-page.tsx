import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatTokens } from '@ponte/shared/ai-tokens.schema';
import { aiTokenBudgetSchema, type AiBudget } from '@ponte/shared/ai-usage.schema';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { useSessionWorkspace } from '../../lib/session/session-store';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { AccountPageFrame } from './account-page-frame';
import { useAiBudget } from './api/get-ai-budget';
import { useUpdateAiBudget } from './api/update-ai-budget';
import { FormError } from './form-error';
import { VersionRetentionSection } from './version-retention-section';

const budgetHelp =
  'Soma os tokens de entrada e de saída de todas as chamadas a modelos de IA do workspace no mês (horário de Brasília). Quando o orçamento acaba, as chamadas são recusadas até o mês seguinte. Deixe vazio para não ter limite.';

/**
 * /conta/workspace 'Configurações do workspace': the monthly AI token budget (docs/adr/0101) and
 * the retention of versions (docs/adr/0103).
 */
export function WorkspaceSettingsPage() {
  const ownBudget = useCan('instance.own');
  const settings = useCan('workspace.settings');
  const workspace = useSessionWorkspace();
  const budget = useAiBudget();
  return (
    <AccountPageFrame title="Configurações do workspace">
      {workspace ? (
        <Text size="sm" c="dimmed">
          Workspace {workspace.name}
        </Text>
      ) : null}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="ai-budget-title">
        {budget.isPending ? (
          <Loader size="sm" aria-label="Carregando" />
        ) : budget.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(budget.error)}
          </Alert>
        ) : (
          <AiBudgetForm
            key={String(budget.data.ai_token_budget)}
            budget={budget.data}
            canEdit={ownBudget.allowed}
          />
        )}
      </Paper>
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="section"
        aria-labelledby="version-retention-title"
        data-testid="version-retention"
      >
        <VersionRetentionSection canEdit={settings.allowed} />
      </Paper>
    </AccountPageFrame>
  );
}

/** The budget as typed: '' (no limit) or a whole number; the shared rule says what is wrong. */
function parsedBudget(value: string | number) {
  return aiTokenBudgetSchema.safeParse(value === '' ? null : Number(value));
}

function AiBudgetForm({ budget, canEdit }: { budget: AiBudget; canEdit: boolean }) {
  const denied = useCan('instance.own').reason;
  const save = useUpdateAiBudget();
  const [value, setValue] = useState<string | number>(budget.ai_token_budget ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const { entrada, saida } = budget.used_this_month;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsedBudget(value);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    if (save.isPending) return;
    try {
      await save.mutateAsync({ ai_token_budget: parsed.data });
      toast.success(messages.llm.budgetSaved);
    } catch {
      // Shown under the form.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={3} fz={17} id="ai-budget-title">
          Inteligência artificial
        </Title>
        <NumberInput
          label="Orçamento mensal de tokens de IA"
          description={budgetHelp}
          placeholder="Sem limite"
          thousandSeparator="."
          decimalSeparator=","
          allowDecimal={false}
          allowNegative={false}
          hideControls
          disabled={!canEdit}
          value={value}
          error={problem}
          onChange={(next) => {
            setValue(next);
            setProblem(undefined);
          }}
        />
        <Stack gap={2}>
          <Text size="sm">Usados este mês: {formatTokens(entrada + saida)} tokens</Text>
          <Text size="xs" c="dimmed">
            {formatTokens(entrada)} de entrada, {formatTokens(saida)} de saída
          </Text>
        </Stack>
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
