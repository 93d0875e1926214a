import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../lib/api/api-error';
import { toast } from '../lib/toasts';
import { PageHeader } from './page-header';

interface DeleteByNamePageProps {
  /** e.g. 'Remover grupo'. */
  title: string;
  /** The item in the button text: 'Remover o {itemLabel}'. */
  itemLabel: string;
  /** Overrides the button text (for items that take 'a'). */
  confirmLabel?: string;
  /** The name to type; undefined while loading. */
  itemName: string | undefined;
  loading?: boolean;
  loadError?: unknown;
  /** The list to go back to. */
  backTo: string;
  mismatchMessage: string;
  successMessage: string;
  /**
   * Shown before the server's message (after a space) when the removal fails; or, as a
   * function, the whole text built from that message.
   */
  errorPrefix: string | ((detail: string) => string);
  /** Extra warning, e.g. that pending jobs are removed too. */
  warning?: ReactNode;
  onDelete: () => Promise<unknown>;
}

/**
 * Every removal in the app (spec 2 §2): the person types the exact name; a mismatch warns and
 * removes nothing; a match removes, confirms and goes back to the list.
 */
export function DeleteByNamePage({
  title,
  itemLabel,
  confirmLabel,
  itemName,
  loading,
  loadError,
  backTo,
  mismatchMessage,
  successMessage,
  errorPrefix,
  warning,
  onDelete,
}: DeleteByNamePageProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (itemName === undefined || deleting) return;
    if (typed.trim() !== itemName) {
      toast.warning(mismatchMessage);
      return;
    }
    setDeleting(true);
    try {
      await onDelete();
      toast.success(successMessage);
      void navigate(backTo);
    } catch (error) {
      const detail = errorMessage(error);
      toast.error(
        typeof errorPrefix === 'function'
          ? errorPrefix(detail)
          : `${errorPrefix.trimEnd()} ${detail}`,
      );
      setDeleting(false);
    }
  };

  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="lg" maw={640}>
        {loading ? (
          <Loader size="sm" aria-label="Carregando" />
        ) : loadError || itemName === undefined ? (
          <Stack align="flex-start">
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {errorMessage(loadError)}
            </Alert>
            <Button variant="default" onClick={() => void navigate(backTo)}>
              Cancelar e voltar
            </Button>
          </Stack>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="md">
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                Esta ação não pode ser desfeita.
                {warning ? <> {warning}</> : null}
              </Alert>
              <Text size="sm">
                Para confirmar, digite abaixo o nome exato: <Code fz="sm">{itemName}</Code>
              </Text>
              <TextInput
                label="Digite o nome para confirmar"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                data-autofocus
                autoFocus
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => void navigate(backTo)} disabled={deleting}>
                  Cancelar e voltar
                </Button>
                <Button type="submit" color="red" loading={deleting}>
                  {confirmLabel ?? `Remover o ${itemLabel}`}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </>
  );
}
