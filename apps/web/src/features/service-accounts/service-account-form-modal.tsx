import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import {
  accountApiOauthTypes,
  productTokenType,
  serviceAccountTypeLabels,
  serviceAccountTypes,
} from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { isApiError } from '../../lib/api/api-error';
import { workspaceStore } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { AccountFieldInput } from './account-field-input';
import { useUnavailableProviders } from './api/get-oauth2-providers';
import type { ListedAccount } from './api/get-service-accounts';
import { useSaveServiceAccount } from './api/save-service-account';
import { OauthAppSetup, oauthAppProviderOf } from './oauth-app-setup';
import { buildBody, initialValues, visibleFields } from './form-values';
import type { FieldValue } from './form-values';

interface ServiceAccountFormModalProps {
  opened: boolean;
  /** The account to edit; null creates one. */
  account: ListedAccount | null;
  /** A new value starts the form afresh. */
  session: number;
  onClose: () => void;
  /** A `ponte_token` account was created: its token, shown once. */
  onTokenCreated: (token: string) => void;
}

/**
 * The modal form of /service-accounts (spec 2 §2): name, auth type and the type's fields.
 * Closing it with changes (X, Esc, a click outside, 'Cancelar') or leaving the page asks
 * first; a save closes it at once.
 */
export function ServiceAccountFormModal({ session, ...props }: ServiceAccountFormModalProps) {
  return <AccountForm key={session} {...props} />;
}

const isProviderType = (type: string) => (accountApiOauthTypes as readonly string[]).includes(type);

function TypeNote({ type }: { type: ServiceAccountType }) {
  const text =
    type === productTokenType
      ? 'O token é gerado pelo servidor ao salvar e mostrado uma única vez. Ele só lê dados deste workspace.'
      : isProviderType(type)
        ? 'Depois de salvar, use "Autorizar conta" na lista para conectar a conta.'
        : null;
  if (!text) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
      {text}
    </Alert>
  );
}

/**
 * 'Tipo de autenticação': a type whose provider has no OAuth app yet says so; choosing it shows
 * the walkthrough that sets one up.
 */
function AccountTypeSelect(props: {
  type: ServiceAccountType;
  account: ListedAccount | null;
  onChange: (type: string | null) => void;
}) {
  const { type, account, onChange } = props;
  const unavailable = useUnavailableProviders();
  const typeOptions = serviceAccountTypes.map((value) => ({
    value,
    label: serviceAccountTypeLabels[value],
  }));
  return (
    <Select
      label="Tipo de autenticação"
      withAsterisk
      data={typeOptions}
      value={type}
      allowDeselect={false}
      disabled={account !== null}
      description={account ? 'O tipo de uma conta não muda depois de criada.' : undefined}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const reason = unavailable[option.value as keyof typeof unavailable];
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {reason ? (
              <Text size="xs" c="dimmed">
                {reason}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      onChange={onChange}
    />
  );
}

function AccountForm({
  opened,
  account,
  onClose,
  onTokenCreated,
}: Omit<ServiceAccountFormModalProps, 'session'>) {
  const save = useSaveServiceAccount();
  const [name, setName] = useState(account?.name ?? '');
  const [type, setType] = useState<ServiceAccountType>(account?.auth_type ?? 'bearer_token');
  const [values, setValues] = useState(() =>
    initialValues(type, account ? account[account.auth_type] : undefined),
  );
  const secretsSet = new Set(account?.secrets_set ?? []);
  const appProvider = oauthAppProviderOf(type);
  const saved = useSavedValue({ name, type, values });
  const unsaved = useUnsavedChanges(opened && saved.dirty);
  const close = () => unsaved.confirmLeave(onClose);

  const changeType = (next: string | null) => {
    if (!next || next === type) return;
    const nextType = next as ServiceAccountType;
    setType(nextType);
    setValues(initialValues(nextType));
  };
  const changeValue = (field: string, value: FieldValue) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = buildBody(name, type, values, workspaceStore.get()?._id);
    try {
      const stored = await save.mutateAsync({ id: account?._id, body });
      toast.success(messages.serviceAccounts.saved);
      onClose();
      if (stored.token) onTokenCreated(stored.token);
    } catch (error) {
      toast.error(
        isApiError(error) && error.status === 400
          ? error.message
          : messages.serviceAccounts.saveError,
      );
    }
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={account ? 'Editar conta de serviço' : 'Nova conta de serviço'}
        size="lg"
        centered
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Nome"
              withAsterisk
              data-autofocus
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <AccountTypeSelect type={type} account={account} onChange={changeType} />
            <TypeNote type={type} />
            {appProvider ? <OauthAppSetup provider={appProvider} /> : null}
            {visibleFields(type, values).map((field) => (
              <AccountFieldInput
                key={`${type}:${field.name}`}
                field={field}
                value={values[field.name]}
                saved={secretsSet.has(field.name)}
                onChange={changeValue}
              />
            ))}
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
