import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import {
  apiTokenBodySchema,
  mcpScopes,
  type ApiTokenCreated,
} from '@ponte/shared/api-tokens.schema';
import { isApiKeyScope, type ApiKeyScope } from '@ponte/shared/roles';
import { TokenShownOnce } from '../../components/token-shown-once';
import { errorMessage } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useCreateApiToken } from './api/create-api-token';
import { ScopesPicker } from './scopes-picker';

/** How long a new token works, in days ('' never expires). */
const validityOptions = [
  { value: '', label: 'Sem expiração' },
  { value: '30', label: '30 dias' },
  { value: '90', label: '90 dias' },
  { value: '365', label: '1 ano' },
];

interface ApiTokenCreateModalProps {
  opened: boolean;
  /** A new value starts the dialog afresh. */
  session: number;
  onClose: () => void;
}

/**
 * 'Novo token de API': a name, a validity (at most a year; none with a warning) and its scopes
 * (docs/adr/0106); once created, the same dialog shows the token
 * this once, with a copy button: the server keeps only its hash.
 */
export function ApiTokenCreateModal({ session, ...props }: ApiTokenCreateModalProps) {
  return <CreateDialog key={session} {...props} />;
}

function CreateDialog({ opened, onClose }: Omit<ApiTokenCreateModalProps, 'session'>) {
  const create = useCreateApiToken();
  const form = useZodForm(apiTokenBodySchema.pick({ name: true }), { name: '' });
  const [days, setDays] = useState('90');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(mcpScopes.filter(isApiKeyScope));
  const [scopesError, setScopesError] = useState<string | undefined>();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    setScopesError(scopes.length ? undefined : messages.apiKeys.scopesRequired);
    if (!parsed || !scopes.length || create.isPending) return;
    const expires_in_days = days ? Number(days) : null;
    try {
      setCreated(await create.mutateAsync({ name: parsed.name, expires_in_days, scopes }));
    } catch {
      // The mutation's error is shown below the fields.
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={created ? 'Token de API criado' : 'Novo token de API'}
      size="lg"
      centered
    >
      {created ? (
        <TokenShownOnce
          token={created.token}
          warning={messages.mcpServer.tokenShownOnce}
          onDone={onClose}
        />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Nome"
              description="Para lembrar onde o token é usado, ex.: ERP do financeiro, Claude Desktop."
              withAsterisk
              data-autofocus
              {...form.inputProps('name')}
            />
            <Select
              label="Validade"
              data={validityOptions}
              value={days}
              onChange={(value) => setDays(value ?? '')}
              allowDeselect={false}
            />
            {days === '' ? (
              <Alert color="yellow" variant="light">
                {messages.apiKeys.noExpiryWarning}
              </Alert>
            ) : null}
            <ScopesPicker
              value={scopes}
              onChange={(next) => {
                setScopes(next);
                if (next.length) setScopesError(undefined);
              }}
              error={scopesError}
            />
            {create.isError && (
              <Alert color="red" variant="light">
                {errorMessage(create.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Criar token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
