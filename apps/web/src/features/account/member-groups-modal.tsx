import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Member } from '@ponte/shared/members.schema';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useChangeMemberRole } from './api/members';
import { GroupAccessField } from './group-access-field';

/** 'Grupos de {pessoa}' (docs/adr/0109): the groups a member is limited to, saved at once. */
export function MemberGroupsModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const [groups, setGroups] = useState<string[]>(member.groups ?? []);
  const change = useChangeMemberRole();
  const save = async () => {
    try {
      await change.mutateAsync({
        id: member._id,
        role: member.role,
        groups: groups.length ? groups : null,
      });
      toast.success(`${messages.members.groupsChanged} ${member.name}.`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Grupos de ${member.name}`} centered>
      <Stack gap="md">
        <Text size="sm">
          Limitada a alguns grupos, a pessoa vê, edita e executa só os flows, formulários, filas,
          tabelas, dashboards, conectores e regras de alerta desses grupos, e as execuções e logs
          dos flows deles. Variáveis, contas de serviço e arquivos continuam valendo para o
          workspace todo.
        </Text>
        <GroupAccessField role={member.role} value={groups} onChange={setGroups} />
        <Text size="xs" c="dimmed">
          Se o acesso diminuir, as sessões da pessoa neste workspace terminam na hora e ela entra de
          novo.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={change.isPending} onClick={() => void save()}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
