import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { roleNames, type Role } from '@ponte/shared/roles';
import {
  ssoProviderBodySchema,
  ssoProviderCreateBodySchema,
  ssoRoles,
  type SsoProvider,
} from '@ponte/shared/sso.schema';
import { toast } from '../../lib/toasts';
import { useWorkspaces } from './api/get-workspaces';
import { useSaveSsoProvider } from './api/sso-providers';
import { FormError } from './form-error';

type TextField =
  | 'name'
  | 'slug'
  | 'issuer'
  | 'client_id'
  | 'client_secret'
  | 'scopes'
  | 'email_claim'
  | 'role_claim'
  | 'role_map'
  | 'allowed_domains';

const roleOptions = ssoRoles.map((role) => ({ value: role, label: roleNames[role] }));
const roleByName = new Map<string, Role>(
  ssoRoles.map((role) => [roleNames[role].toLowerCase(), role]),
);

/** 'valor = Papel' lines into the role map; null when a line names no role a provider may give. */
function parseRoleMap(text: string): Record<string, string> | null {
  const map: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const at = line.lastIndexOf('=');
    const role = roleByName.get(
      line
        .slice(at + 1)
        .trim()
        .toLowerCase(),
    );
    if (at <= 0 || !role) return null;
    map[line.slice(0, at).trim()] = role;
  }
  return map;
}

const roleMapText = (map: Record<string, Role>) =>
  Object.entries(map)
    .map(([value, role]) => `${value} = ${roleNames[role]}`)
    .join('\n');

function initialTexts(provider: SsoProvider | null): Record<TextField, string> {
  return {
    name: provider?.name ?? '',
    slug: provider?.slug ?? '',
    issuer: provider?.issuer ?? '',
    client_id: provider?.client_id ?? '',
    client_secret: '',
    scopes: provider?.scopes ?? 'openid email profile',
    email_claim: provider?.email_claim ?? 'email',
    role_claim: provider?.role_claim ?? '',
    role_map: provider ? roleMapText(provider.role_map) : '',
    allowed_domains: provider?.allowed_domains.join(', ') ?? '',
  };
}

/** Adding or changing a provider (docs/adr/0108); the shared rules say what is wrong. */
export function SsoProviderForm({
  provider,
  onDone,
}: {
  provider: SsoProvider | null;
  onDone: () => void;
}) {
  const save = useSaveSsoProvider();
  const workspaces = useWorkspaces();
  const [texts, setTexts] = useState(() => initialTexts(provider));
  const [workspaceId, setWorkspaceId] = useState<string | null>(provider?.workspace_id ?? null);
  const [defaultRole, setDefaultRole] = useState<string>(provider?.default_role ?? 'editor');
  const [trustEmail, setTrustEmail] = useState(provider?.trust_email ?? false);
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const field = (name: TextField) => ({
    value: texts[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setTexts((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const roleMap = parseRoleMap(texts.role_map);
    const body = {
      name: texts.name,
      slug: texts.slug.trim(),
      issuer: texts.issuer.trim(),
      client_id: texts.client_id,
      ...(texts.client_secret ? { client_secret: texts.client_secret } : {}),
      scopes: texts.scopes.trim(),
      email_claim: texts.email_claim.trim(),
      trust_email: trustEmail,
      role_claim: texts.role_claim.trim() || null,
      role_map: roleMap ?? {},
      allowed_domains: texts.allowed_domains
        .split(/[,\s]+/)
        .map((domain) => domain.trim())
        .filter(Boolean),
      ...(workspaceId ? { workspace_id: workspaceId } : {}),
      default_role: defaultRole,
      enabled,
    };
    const schema = provider ? ssoProviderBodySchema : ssoProviderCreateBodySchema;
    const parsed = schema.safeParse(body);
    const found: Partial<Record<string, string>> = {};
    if (!roleMap) found.role_map = messages.sso.roleMapInvalid;
    for (const issue of parsed.error?.issues ?? []) {
      const name = String(issue.path[0]);
      found[name] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success || save.isPending) return;
    try {
      await save.mutateAsync({ id: provider?._id ?? null, body: parsed.data });
      toast.success(messages.sso.saved);
      onDone();
    } catch {
      // Shown under the form.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="sso-form-title">
      <Stack gap="md">
        <Title order={3} fz={17} id="sso-form-title">
          {provider ? `Editar ${provider.name}` : 'Novo provedor'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nome no botão" placeholder="Google Workspace" {...field('name')} />
          <TextInput
            label="Identificador"
            description="Vai no endereço de retorno; letras minúsculas, números e hifens."
            placeholder="google"
            {...field('slug')}
          />
        </SimpleGrid>
        <TextInput
          label="URL do emissor (issuer)"
          placeholder="https://accounts.google.com"
          {...field('issuer')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Client ID" {...field('client_id')} />
          <PasswordInput
            label="Client secret"
            placeholder={provider?.has_secret ? 'Guardado; deixe vazio para manter' : undefined}
            autoComplete="new-password"
            {...field('client_secret')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Escopos" {...field('scopes')} />
          <TextInput label="Claim do e-mail" {...field('email_claim')} />
        </SimpleGrid>
        <Switch
          label="Aceitar e-mail não verificado pelo provedor"
          description="Só para provedores que nunca enviam email_verified e já verificam os e-mails."
          checked={trustEmail}
          onChange={(event) => setTrustEmail(event.currentTarget.checked)}
        />
        <TextInput
          label="Domínios com entrada automática"
          description="Quem tiver e-mail destes domínios e ainda não tiver conta entra no workspace abaixo no primeiro login. Vazio: só quem já é membro."
          placeholder="empresa.com.br, filial.com.br"
          {...field('allowed_domains')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Workspace"
            description="Onde os novos membros entram e onde o login abre."
            data={(workspaces.data?.items ?? []).map((each) => ({
              value: each._id,
              label: each.name,
            }))}
            value={workspaceId}
            onChange={setWorkspaceId}
            placeholder="O workspace atual"
            error={errors.workspace_id}
          />
          <Select
            label="Papel padrão"
            data={roleOptions}
            value={defaultRole}
            onChange={(value) => setDefaultRole(value ?? 'editor')}
            allowDeselect={false}
            error={errors.default_role}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Claim do papel (opcional)"
            placeholder="groups"
            {...field('role_claim')}
          />
          <Textarea
            label="Papel por valor da claim"
            description="Um por linha: valor = Administrador, Editor, Operador ou Leitor."
            placeholder="ponte-admins = Administrador"
            autosize
            minRows={2}
            {...field('role_map')}
          />
        </SimpleGrid>
        <Switch
          label="Ativo"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
