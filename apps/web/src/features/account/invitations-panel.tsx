import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconLink, IconTrash } from '@tabler/icons-react';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { emailSchema } from '@ponte/shared/account.schema';
import type { Invitation } from '@ponte/shared/members.schema';
import { messages } from '@ponte/shared/messages';
import { assignableRoles, groupLimitable, roleNames, type Role } from '@ponte/shared/roles';
import { PaginatedTable, type TableColumn } from '../../components/paginated-table';
import { GroupAccessField, groupsText, useGroupNames } from './group-access-field';
import { TokenShownOnce } from '../../components/token-shown-once';
import { errorMessage } from '../../lib/api/api-error';
import { useSessionWorkspace } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from './api/invitations';

const validityOptions = [
  { value: '1', label: '1 dia' },
  { value: '7', label: '7 dias' },
  { value: '30', label: '30 dias' },
];

/** 'Convidar por link' (docs/adr/0106): a link for one person, with a role, shown once. */
export function InvitationsPanel() {
  const myRole = useSessionWorkspace()?.role ?? 'viewer';
  const roles = assignableRoles(myRole);
  const [role, setRole] = useState<Role>('editor');
  const [days, setDays] = useState('7');
  const [groups, setGroups] = useState<string[]>([]);
  const groupNames = useGroupNames();
  const [link, setLink] = useState<string | null>(null);
  const [byEmail, setByEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const create = useCreateInvitation();
  const pending = useInvitations(true);
  const revoke = useRevokeInvitation();
  // Sending needs the instance SMTP; without it the option stays, disabled, saying so.
  const emailAvailable = pending.data?.by_email ?? false;
  const sending = byEmail && emailAvailable;

  const invite = async () => {
    let address: string | undefined;
    if (sending) {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        setEmailError(parsed.error.issues[0]?.message ?? messages.account.emailInvalid);
        return;
      }
      address = parsed.data;
    }
    try {
      const created = await create.mutateAsync({
        role,
        expires_in_days: Number(days),
        ...(address ? { email: address } : {}),
        ...(groups.length && groupLimitable(role) ? { groups } : {}),
      });
      setLink(created.link);
      setEmail('');
      toast.success(
        address ? messages.members.invitationEmailed(address) : messages.members.invitationCreated,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const cancel = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation._id);
      toast.success(messages.members.invitationRevoked);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: TableColumn<Invitation>[] = [
    { key: 'role', header: 'Papel', render: (item) => roleNames[item.role] },
    { key: 'groups', header: 'Grupos', render: (item) => groupsText(item.groups, groupNames) },
    {
      key: 'email',
      header: 'Enviado para',
      render: (item) => (
        <Text size="sm" c={item.email ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {item.email ?? 'Só o link'}
        </Text>
      ),
    },
    {
      key: 'by',
      header: 'Criado por',
      render: (item) => item.created_by?.name ?? '—',
    },
    {
      key: 'expires',
      header: 'Vale até',
      width: 150,
      render: (item) => formatDateTimeMinutes(item.expires_at),
    },
    {
      key: 'actions',
      header: '',
      width: 120,
      align: 'right',
      render: (item) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => void cancel(item)}
        >
          Revogar
        </Button>
      ),
    },
  ];
  const items = pending.data?.items ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invite-title">
      <Stack gap="md">
        <Title order={3} fz={18} id="invite-title">
          Convidar por link
        </Title>
        <Text size="sm" c="dimmed">
          Quem abrir o link cria a própria conta, ou entra com a que já tem, e passa a participar do
          workspace com o papel escolhido. O link vale para uma pessoa só.
        </Text>
        {link ? (
          <TokenShownOnce
            token={link}
            warning={messages.members.invitationLinkOnce}
            onDone={() => setLink(null)}
            noun="link"
          />
        ) : (
          <Stack gap="sm">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label="Papel do convidado"
                allowDeselect={false}
                data={roles.map((each) => ({ value: each, label: roleNames[each] }))}
                value={role}
                onChange={(value) => value && setRole(value as Role)}
                w={200}
              />
              <GroupAccessField role={role} value={groups} onChange={setGroups} w={260} inline />
              <Select
                label="Validade"
                allowDeselect={false}
                data={validityOptions}
                value={days}
                onChange={(value) => value && setDays(value)}
                w={120}
              />
              <Button
                leftSection={<IconLink size={16} />}
                loading={create.isPending}
                onClick={() => void invite()}
              >
                {sending ? 'Enviar convite' : 'Criar link de convite'}
              </Button>
            </Group>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Tooltip
                label={messages.members.invitationEmailNeedsSmtp}
                disabled={emailAvailable || pending.isPending}
                multiline
                w={300}
              >
                {/* A disabled input gets no pointer: the wrapper holds the tooltip. */}
                <div>
                  <Checkbox
                    label="Enviar por e-mail"
                    checked={sending}
                    disabled={!emailAvailable}
                    onChange={(event) => setByEmail(event.currentTarget.checked)}
                    mt={8}
                  />
                </div>
              </Tooltip>
              {sending ? (
                <TextInput
                  aria-label="E-mail do convidado"
                  placeholder="pessoa@empresa.com.br"
                  type="email"
                  value={email}
                  error={emailError}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    setEmailError(null);
                  }}
                  w={280}
                />
              ) : null}
            </Group>
          </Stack>
        )}
        {items.length ? (
          <PaginatedTable
            label="Convites abertos"
            columns={columns}
            rows={items}
            rowKey={(item) => item._id}
            page={1}
            total={items.length}
            pageSize={items.length}
            onPageChange={() => undefined}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
