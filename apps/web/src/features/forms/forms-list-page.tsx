import { ActionIcon, Alert, Badge, Button, Group as Row, Stack, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Form } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { errorMessage } from '../../lib/api/api-error';
import { timestampColumns, useGroupColumn } from '../../components/list-columns';
import { TruncatedText } from '../../components/truncated-text';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useForms } from './api/get-forms';
import { statusLabels } from './form-labels';
import { useEngineUrl } from './use-engine-url';

const createButton = (
  <Button component={Link} to="/forms/new" leftSection={<IconPlus size={16} />}>
    Criar formulário
  </Button>
);

function RowActions({ form, engineUrl }: { form: Form; engineUrl: string }) {
  return (
    <Row gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Visualizar">
        <ActionIcon
          component="a"
          href={`${engineUrl}/forms/${encodeURIComponent(form._id)}`}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          aria-label="Visualizar"
        >
          <IconExternalLink size={17} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Editar">
        <ActionIcon
          component={Link}
          to={`/forms/edit/${form._id}`}
          variant="subtle"
          color="gray"
          aria-label="Editar"
        >
          <IconPencil size={17} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remover">
        <ActionIcon
          component={Link}
          to={`/forms/delete/${form._id}`}
          variant="subtle"
          color="red"
          aria-label="Remover"
        >
          <IconTrash size={17} />
        </ActionIcon>
      </Tooltip>
    </Row>
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
  const { page, query, setPage } = useListParams();
  const [group] = useSelectedGroup();
  const { data, isPending, isError, error } = useForms({ page, query, group });
  const groupColumn = useGroupColumn<Form>();
  const engineUrl = useEngineUrl();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  useClampedPage(data?.total, limits.formsPageSize, { page, setPage });

  const columns: TableColumn<Form>[] = [
    {
      key: 'name',
      header: 'Nome',
      render: (form) => (
        <TruncatedText to={`/forms/edit/${form._id}`} size="sm" fw={500}>
          {form.name}
        </TruncatedText>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 130,
      render: (form) => <FormStatusBadge status={form.status} />,
    },
    groupColumn,
    ...timestampColumns<Form>(),
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 130,
      render: (form) => <RowActions form={form} engineUrl={engineUrl} />,
    },
  ];

  return (
    <>
      <PageHeader title="Formulários" actions={createButton} />
      <Stack gap="md">
        <SearchBox label="Buscar formulários" />
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Formulários"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(form) => form._id}
            page={page}
            total={data?.total ?? 0}
            pageSize={limits.formsPageSize}
            onPageChange={setPage}
            loading={isPending}
            cards={isPhone}
            empty={
              query || group ? (
                <EmptyState title="Nenhum formulário encontrado para esta busca." />
              ) : (
                <EmptyState title="Nenhum formulário criado ainda." action={createButton} />
              )
            }
          />
        )}
      </Stack>
    </>
  );
}
