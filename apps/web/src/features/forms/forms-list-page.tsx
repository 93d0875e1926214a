import { Badge } from '@mantine/core';
import { IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Form } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { createItemButton } from '../../components/named-resource/create-button';
import {
  actionsColumn,
  nameColumn,
  timestampColumns,
  useGroupColumn,
} from '../../components/list-columns';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useCan } from '../../lib/session/use-can';
import { useForms } from './api/get-forms';
import { statusLabels } from './form-labels';
import { useEngineUrl } from './use-engine-url';

const createButton = createItemButton('/forms/new', 'Criar formulário', 'forms.write');

function RowActions({ form, engineUrl }: { form: Form; engineUrl: string }) {
  const denied = useCan('forms.write').reason;
  return (
    <RowActionIcons
      actions={[
        {
          label: 'Visualizar',
          icon: <IconExternalLink size={17} />,
          href: `${engineUrl}/forms/${encodeURIComponent(form._id)}`,
        },
        { label: 'Editar', icon: <IconPencil size={17} />, to: `/forms/edit/${form._id}`, denied },
        {
          label: 'Remover',
          icon: <IconTrash size={17} />,
          color: 'red',
          to: `/forms/delete/${form._id}`,
          denied,
        },
      ]}
    />
  );
}

export function FormStatusBadge({ status }: { status: Form['status'] }) {
  return (
    <Badge variant="light" color={status === 'published' ? 'green' : 'gray'}>
      {statusLabels[status]}
    </Badge>
  );
}

/** /forms (spec 2 'Forms'): 10 per page, search, the selected group. */
export function FormsListPage() {
  const list = useNamedResourceList(useForms, limits.formsPageSize);
  const groupColumn = useGroupColumn<Form>();
  const engineUrl = useEngineUrl();

  const columns: TableColumn<Form>[] = [
    nameColumn<Form>((form) => `/forms/edit/${form._id}`),
    {
      key: 'status',
      header: 'Status',
      width: 130,
      render: (form) => <FormStatusBadge status={form.status} />,
    },
    groupColumn,
    ...timestampColumns<Form>(),
    actionsColumn<Form>(130, (form) => <RowActions form={form} engineUrl={engineUrl} />),
  ];

  return (
    <>
      <PageHeader title="Formulários" actions={createButton} />
      <NamedResourceList
        searchLabel="Buscar formulários"
        label="Formulários"
        columns={columns}
        list={list}
        notFound="Nenhum formulário encontrado para esta busca."
        empty={{ title: 'Nenhum formulário criado ainda.', action: createButton }}
      />
    </>
  );
}
