import { useState } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group as Row, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '@ponte/shared/format';
import type { CustomNode } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { DuplicateModal } from '../../components/duplicate-modal';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { SearchableList } from '../../components/searchable-list';
import { TruncatedText } from '../../components/truncated-text';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useDuplicateCustomNode } from './api/custom-node-mutations';
import { useCustomNodes } from './api/get-custom-nodes';
import { downloadCustomNodeFile } from './custom-node-file';
import { CustomNodeImage } from './custom-node-image';

const m = messages.customNodes;

const createButton = (
  <Button component={Link} to="/custom-nodes/new" leftSection={<IconPlus size={16} />}>
    Novo conector
  </Button>
);

const editPath = (node: CustomNode) => `/custom-nodes/${encodeURIComponent(node._id)}`;

/** Spec 2 §4: enabled shows 'Ativo', otherwise 'Inativo'. */
export function CustomNodeStatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="light" color={enabled ? 'green' : 'gray'}>
      {enabled ? m.active : m.inactive}
    </Badge>
  );
}

function RowActions({ node, onDuplicate }: { node: CustomNode; onDuplicate: () => void }) {
  const link = (to: string, label: string, icon: ReactNode, color = 'gray') => (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const button = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Row gap={4} justify="flex-end" wrap="nowrap">
      {link(editPath(node), 'Editar', <IconPencil size={17} />)}
      {button('Duplicar', <IconCopy size={17} />, onDuplicate)}
      {button('Exportar', <IconDownload size={17} />, () => downloadCustomNodeFile(node))}
      {link(
        `/custom-nodes/delete/${encodeURIComponent(node._id)}`,
        'Remover',
        <IconTrash size={17} />,
        'red',
      )}
    </Row>
  );
}

function useColumns(onDuplicate: (node: CustomNode) => void): TableColumn<CustomNode>[] {
  return [
    {
      key: 'image',
      header: 'Imagem',
      width: 90,
      render: (node) => <CustomNodeImage src={node.imageData} />,
    },
    {
      key: 'name',
      header: 'Nome',
      render: (node) => (
        <TruncatedText to={editPath(node)} size="sm" fw={500}>
          {node.name}
        </TruncatedText>
      ),
    },
    {
      key: 'service',
      header: 'Nome do serviço',
      width: 220,
      render: (node) =>
        node.service_name ? (
          <Text size="sm">{node.service_name}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 110,
      render: (node) => <CustomNodeStatusBadge enabled={node.enabled} />,
    },
    {
      key: 'updated',
      header: 'Atualização',
      width: 170,
      render: (node) => formatDateTime(node.updated_at),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 170,
      render: (node) => <RowActions node={node} onDuplicate={() => onDuplicate(node)} />,
    },
  ];
}

/** /custom-nodes (spec 2 'Custom connectors'): 10 per page, search, the selected group. */
export function CustomNodesListPage() {
  const { page, query, setPage } = useListParams();
  const [group] = useSelectedGroup();
  const { data, isPending, isError, error } = useCustomNodes({ page, query, group });
  const [duplicating, setDuplicating] = useState<CustomNode | null>(null);
  const duplicate = useDuplicateCustomNode();
  const columns = useColumns(setDuplicating);
  useClampedPage(data?.total, limits.customNodesPageSize, { page, setPage });

  return (
    <>
      <PageHeader
        title="Conectores"
        description="Conectores próprios do workspace: um handler em JavaScript e seus parâmetros, usados nos fluxos como qualquer outro conector."
        actions={createButton}
      />
      <SearchableList
        searchLabel="Buscar conectores"
        label="Conectores"
        columns={columns}
        rowKey={(node) => node._id}
        data={data}
        isPending={isPending}
        error={isError ? error : null}
        page={page}
        pageSize={limits.customNodesPageSize}
        onPageChange={setPage}
        filtered={Boolean(query || group)}
        notFound="Nenhum conector encontrado para esta busca."
        empty={{
          title: 'Nenhum conector criado ainda.',
          description: 'Crie um conector para chamar uma API interna a partir dos seus fluxos.',
          action: createButton,
        }}
      />
      <DuplicateModal
        id={duplicating?._id ?? null}
        title="Duplicar conector"
        question={m.duplicateConfirm}
        done={m.duplicated}
        duplicate={duplicate}
        onClose={() => setDuplicating(null)}
      />
    </>
  );
}
