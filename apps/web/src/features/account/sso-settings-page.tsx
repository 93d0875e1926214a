import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import { roleNames } from '@ponte/shared/roles';
import type { SsoProvider } from '@ponte/shared/sso.schema';
import { ConfirmModal } from '../../components/confirm-modal';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { AccountPageFrame } from './account-page-frame';
import { useInstanceOwner } from './use-instance-owner';
import { useRemoveSsoProvider, useSaveSsoSettings, useSsoProviders } from './api/sso-providers';
import { SsoProviderForm } from './sso-provider-form';

const breakGlass =
  'Com pelo menos um provedor ativo, só o login único vale. O proprietário da instância continua podendo entrar com senha, para não ficar de fora se o provedor falhar.';

/** /conta/login-unico 'Login único (SSO)': the instance's OpenID Connect providers (ADR 0108). */
export function SsoSettingsPage() {
  const owner = useInstanceOwner();
  const list = useSsoProviders(owner.allowed);
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);

  if (!owner.allowed) {
    return (
      <AccountPageFrame title="Login único (SSO)">
        <Alert color="gray" variant="light">
          {owner.reason}
        </Alert>
      </AccountPageFrame>
    );
  }
  return (
    <AccountPageFrame title="Login único (SSO)">
      <Text size="sm" c="dimmed">
        Pessoas entram no Ponte com a conta da empresa por um provedor OpenID Connect (Google
        Workspace, Microsoft Entra ID, Keycloak, Okta…). Vale para a instância inteira.
      </Text>
      {list.isPending ? (
        <Loader size="sm" aria-label="Carregando" />
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(list.error)}
        </Alert>
      ) : (
        <>
          <PasswordSetting disabled={list.data.password_sign_in_disabled} />
          {editing ? (
            <Paper withBorder radius="md" p="lg">
              <SsoProviderForm
                provider={editing === 'new' ? null : editing}
                onDone={() => setEditing(null)}
              />
            </Paper>
          ) : (
            <ProviderList items={list.data.items} onEdit={setEditing} />
          )}
        </>
      )}
    </AccountPageFrame>
  );
}

function PasswordSetting({ disabled }: { disabled: boolean }) {
  const save = useSaveSsoSettings();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sso-password-title">
      <Stack gap="sm">
        <Title order={3} fz={17} id="sso-password-title">
          Login com senha
        </Title>
        <Switch
          label="Desativar o login com senha"
          description={breakGlass}
          checked={disabled}
          disabled={save.isPending}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            save.mutate(
              { password_sign_in_disabled: next },
              {
                onSuccess: () => toast.success(messages.sso.settingsSaved),
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
          }}
        />
      </Stack>
    </Paper>
  );
}

function ProviderList({
  items,
  onEdit,
}: {
  items: SsoProvider[];
  onEdit: (provider: SsoProvider | 'new') => void;
}) {
  const remove = useRemoveSsoProvider();
  const [removing, setRemoving] = useState<SsoProvider | null>(null);
  return (
    <Stack gap="md" component="section" aria-labelledby="sso-providers-title">
      <Group justify="space-between">
        <Title order={3} fz={17} id="sso-providers-title">
          Provedores
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit('new')}>
          Adicionar provedor
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum provedor configurado.
        </Text>
      ) : null}
      {items.map((provider) => (
        <Paper key={provider._id} withBorder radius="md" p="lg" aria-label={provider.name}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Text fw={600}>{provider.name}</Text>
                <Badge variant="light" color={provider.enabled ? 'green' : 'gray'}>
                  {provider.enabled ? 'Ativo' : 'Inativo'}
                </Badge>
              </Group>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => onEdit(provider)}>
                  Editar
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => setRemoving(provider)}
                >
                  Remover
                </Button>
              </Group>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Emissor: {provider.issuer}
            </Text>
            <Text size="sm">
              Novos membros:{' '}
              {provider.allowed_domains.length
                ? `${provider.allowed_domains.join(', ')} como ${roleNames[provider.default_role]}`
                : 'nenhum domínio (só quem já é membro)'}
            </Text>
            <Text size="sm">URL de redirecionamento para cadastrar no provedor:</Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {provider.redirect_uri}
            </Code>
          </Stack>
        </Paper>
      ))}
      <ConfirmModal
        opened={removing !== null}
        title="Remover provedor"
        message={`Remover ${removing?.name ?? ''}? Quem entra por ele precisará de outro modo de entrar.`}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing._id, {
            onSuccess: () => toast.success(messages.sso.removed),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Stack>
  );
}
