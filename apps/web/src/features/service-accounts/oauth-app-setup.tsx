import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import {
  oauthAppAccountTypes,
  oauthAppProviders,
  type OauthApp,
  type OauthAppProvider,
} from '@ponte/shared/oauth-apps.schema';
import { messages } from '@ponte/shared/messages';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useOauthApp, useSaveOauthApp } from './api/oauth-app';
import { oauthAppGuides } from './oauth-app-steps';

/** The provider whose app authorises an account type, or null for the other types. */
export function oauthAppProviderOf(type: string): OauthAppProvider | null {
  return oauthAppProviders.find((provider) => oauthAppAccountTypes[provider] === type) ?? null;
}

/**
 * The OAuth app of a Slack, Google or Trello type in the account form (docs/adr/0093): when
 * the provider has no app, the walkthrough to create one at the vendor with this installation's
 * address to paste and the fields to save it; else which app is used, and a way to change it.
 */
export function OauthAppSetup({ provider }: { provider: OauthAppProvider }) {
  const app = useOauthApp(provider);
  const [editing, setEditing] = useState(false);
  if (!app.data) return null;
  const own = app.data.client_id !== null && (app.data.secret_set || provider === 'trello');
  const configured = own || app.data.environment_client;
  if (!configured || editing)
    return <Walkthrough app={app.data} onDone={() => setEditing(false)} canCancel={configured} />;
  const guide = oauthAppGuides[provider];
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconKey size={18} />}
      title={`App OAuth do ${guide.name}`}
    >
      <Stack gap="xs">
        <Text size="sm">
          {app.data.client_id !== null ? (
            <>
              {guide.idLabel}: <Code>{app.data.client_id}</Code> ·{' '}
              {app.data.secret_set ? 'segredo definido' : 'sem segredo'}
            </>
          ) : (
            'Usando o app definido nas variáveis de ambiente do servidor do Ponte.'
          )}
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            {app.data.client_id !== null ? 'Alterar app' : 'Configurar um app deste workspace'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function Walkthrough({
  app,
  onDone,
  canCancel,
}: {
  app: OauthApp;
  onDone: () => void;
  canCancel: boolean;
}) {
  const guide = oauthAppGuides[app.provider];
  const save = useSaveOauthApp(app.provider);
  const [clientId, setClientId] = useState(app.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [secretError, setSecretError] = useState<string | null>(null);
  const address = app.provider === 'trello' ? app.allowed_origin : app.redirect_url;

  const submit = async () => {
    // Slack and Google authorise only with the secret (the server keeps an app without one).
    if (guide.secretRequired && !app.secret_set && secret.trim() === '') {
      setSecretError(messages.oauthApps.secretRequired);
      return;
    }
    try {
      await save.mutateAsync({ client_id: clientId, client_secret: secret });
      toast.success(
        `App OAuth do ${guide.name} salvo. Salve a conta e use "Autorizar conta" na lista.`,
      );
      onDone();
    } catch (error) {
      toast.error(
        isApiError(error) ? error.message : `Erro ao salvar o app OAuth do ${guide.name}`,
      );
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      aria-label={`Configurar app do ${guide.name}`}
      role="region"
    >
      <Stack gap="sm">
        <Title order={5}>Configurar app do {guide.name}</Title>
        <Text size="sm">
          Para autorizar contas do {guide.name}, este workspace precisa de um app OAuth criado em{' '}
          <Anchor href={guide.consoleUrl} target="_blank" rel="noreferrer">
            {guide.consoleLabel}
          </Anchor>
          . Faça uma vez:
        </Text>
        <List type="ordered" size="sm" spacing={4}>
          {guide.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {guide.urlLabel}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }}>{address}</Code>
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  aria-label={`Copiar ${guide.urlLabel.toLowerCase()}`}
                >
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <TextInput
          label={guide.idLabel}
          withAsterisk
          value={clientId}
          onChange={(event) => setClientId(event.currentTarget.value)}
        />
        <PasswordInput
          label={guide.secretLabel}
          withAsterisk={guide.secretRequired && !app.secret_set}
          placeholder={app.secret_set ? 'Definido (deixe em branco para manter)' : undefined}
          value={secret}
          error={secretError}
          onChange={(event) => {
            setSecret(event.currentTarget.value);
            setSecretError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          {canCancel ? (
            <Button variant="default" size="xs" onClick={onDone} disabled={save.isPending}>
              Cancelar
            </Button>
          ) : null}
          <Button size="xs" loading={save.isPending} onClick={() => void submit()}>
            Salvar app do {guide.name}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
