import { useState } from 'react';
import { Badge, Button, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFolders, IconUserMinus } from '@tabler/icons-react';
import { formatDate } from '@ponte/shared/format';
import type { Member } from '@ponte/shared/members.schema';
import { messages } from '@ponte/shared/messages';
import { assignableRoles, groupLimitable, roleNames, type Role } from '@ponte/shared/roles';
import { ConfirmModal } from '../../components/confirm-modal';
import { PaginatedTable, type TableColumn } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { useSessionWorkspace } from '../../lib/session/session-store';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { useChangeMemberRole, useMembers, useRemoveMember } from './api/members';
import { groupsText, useGroupNames } from './group-access-field';
import { MemberGroupsModal } from './member-groups-modal';

/** The workspace's members: role and removal for those who manage members (docs/adr/0106). */
export function MembersList() {
  const members = useMembers();
  const manage = useCan('members.manage');
  const myRole = useSessionWorkspace()?.role ?? 'viewer';
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [leaving, setLeaving] = useState<Member | null>(null);
  const [limiting, setLimiting] = useState<Member | null>(null);
  const groupNames = useGroupNames();
  const touchable = (member: Member) =>
    manage.allowed && assignableRoles(myRole).includes(member.role);
  // The server refuses to lower or remove the last owner: neither is offered beside them.
  const owners = (members.data?.items ?? []).filter((member) => member.role === 'owner').length;
  const lastOwner = (member: Member) => member.role === 'owner' && owners <= 1;

  const setRole = async (member: Member, role: Role) => {
    try {
      await changeRole.mutateAsync({ id: member._id, role });
      toast.success(`${messages.members.roleChanged} ${member.name}: ${roleNames[role]}.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const confirmRemoval = async () => {
    if (!leaving) return;
    try {
      await remove.mutateAsync(leaving._id);
      toast.success(`${messages.members.removed} ${leaving.name} não participa mais do workspace.`);
      setLeaving(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: TableColumn<Member>[] = [
    {
      key: 'person',
      header: 'Pessoa',
      render: (member) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {member.name}{' '}
            {member.is_you ? (
              <Badge variant="light" size="xs">
                você
              </Badge>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'role',
      header: 'Papel',
      width: 200,
      render: (member) =>
        touchable(member) && !lastOwner(member) ? (
          <Select
            aria-label={`Papel de ${member.name}`}
            size="xs"
            allowDeselect={false}
            value={member.role}
            data={assignableRoles(myRole).map((role) => ({ value: role, label: roleNames[role] }))}
            onChange={(value) =>
              value && value !== member.role && void setRole(member, value as Role)
            }
          />
        ) : touchable(member) ? (
          <Tooltip label={messages.members.lastOwner} multiline w={260}>
            <Text size="sm" style={{ cursor: 'help' }} tabIndex={0}>
              {roleNames[member.role]}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm">{roleNames[member.role]}</Text>
        ),
    },
    {
      key: 'groups',
      header: 'Grupos',
      width: 220,
      render: (member) => {
        const text = groupsText(member.groups, groupNames);
        return touchable(member) && groupLimitable(member.role) ? (
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Grupos de ${member.name}: ${text}`}
            leftSection={<IconFolders size={14} />}
            onClick={() => setLimiting(member)}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            py={4}
          >
            {text}
          </Button>
        ) : (
          <Text size="sm">{text}</Text>
        );
      },
    },
    {
      key: 'since',
      header: 'Desde',
      width: 110,
      render: (member) => <Text size="sm">{formatDate(member.joined_at)}</Text>,
    },
    {
      key: 'actions',
      header: '',
      width: 120,
      align: 'right',
      render: (member) =>
        touchable(member) && !lastOwner(member) ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconUserMinus size={14} />}
            onClick={() => setLeaving(member)}
          >
            Remover
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PaginatedTable
        label="Membros do workspace"
        columns={columns}
        rows={members.data?.items ?? []}
        rowKey={(member) => member._id}
        page={1}
        total={members.data?.items.length ?? 0}
        pageSize={Math.max(1, members.data?.items.length ?? 1)}
        onPageChange={() => undefined}
        loading={members.isPending}
      />
      {members.isError ? (
        <Text size="sm" c="red">
          {errorMessage(members.error)}
        </Text>
      ) : null}
      {limiting ? <MemberGroupsModal member={limiting} onClose={() => setLimiting(null)} /> : null}
      <ConfirmModal
        opened={leaving !== null}
        title="Remover membro"
        danger
        loading={remove.isPending}
        message={
          leaving
            ? `${leaving.name} deixa de participar deste workspace e as sessões dele aqui terminam na hora. Os flows e dados que criou continuam no workspace.`
            : ''
        }
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}
