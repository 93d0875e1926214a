import { useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { IconApi, IconCopy, IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import type { CustomNode } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { actionsColumn, nameColumn } from '../../components/list-columns';
import { createItemButton } from '../../components/named-resource/create-button';
import { useDuplicateConfirm } from '../../components/named-resource/duplicate-confirm-modal';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { DeniedButton } from '../../components/denied-button';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useCan } from '../../lib/session/use-can';
import { useDuplicateCustomNode } from './api/custom-node-mutations';
import { useCustomNodes } from './api/get-custom-nodes';
import { downloadCustomNodeFile } from './custom-node-file';
import { CustomNodeImage } from './custom-node-image';
import { CustomNodeOpenApiModal } from './custom-node-openapi-modal';

const m = messages.customNodes;

const createButton = createItemButton('/custom-nodes/new', 'Novo conector', 'customNodes.write');

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
  const denied = useCan('customNodes.write').reason;
  return (
    <RowActionIcons
      actions={[
        { label: 'Editar', icon: <IconPencil size={17} />, to: editPath(node), denied },
        { label: 'Duplicar', icon: <IconCopy size={17} />, onClick: onDuplicate, denied },
        {
          label: 'Exportar',
          icon: <IconDownload size={17} />,
          onClick: () => downloadCustomNodeFile(node),
        },
        {
          label: 'Remover',
          icon: <IconTrash size={17} />,
          color: 'red',
          to: `/custom-nodes/delete/${encodeURIComponent(node._id)}`,
          denied,
        },
      ]}
    />
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
    nameColumn<CustomNode>(editPath),
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
    actionsColumn<CustomNode>(170, (node) => (
      <RowActions node={node} onDuplicate={() => onDuplicate(node)} />
    )),
  ];
}

/** /custom-nodes (spec 2 'Custom connectors'): 10 per page, search, the selected group. */
export function CustomNodesListPage() {
  const list = useNamedResourceList(useCustomNodes, limits.customNodesPageSize);
  const duplicate = useDuplicateConfirm(useDuplicateCustomNode(), 'Duplicar conector', m);
  const columns = useColumns(duplicate.ask);
  const [fromOpenApi, setFromOpenApi] = useState(false);
  const denied = useCan('customNodes.write').reason;
  const actions = (
    <>
      <DeniedButton
        variant="default"
        denied={denied}
        leftSection={<IconApi size={16} />}
        onClick={() => setFromOpenApi(true)}
      >
        Criar a partir de OpenAPI
      </DeniedButton>
      {createButton}
    </>
  );

  return (
    <>
      <PageHeader
        title="Conectores"
        description="Conectores próprios do workspace: um handler em JavaScript e seus parâmetros, usados nos fluxos como qualquer outro conector."
        actions={actions}
      />
      <NamedResourceList
        searchLabel="Buscar conectores"
        label="Conectores"
        columns={columns}
        list={list}
        notFound="Nenhum conector encontrado para esta busca."
        empty={{
          title: 'Nenhum conector criado ainda.',
          description: 'Crie um conector para chamar uma API interna a partir dos seus fluxos.',
          action: createButton,
        }}
      />
      {duplicate.modal}
      <CustomNodeOpenApiModal opened={fromOpenApi} onClose={() => setFromOpenApi(false)} />
    </>
  );
}
