import { Button, Paper } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Página não encontrada" />
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconMapSearch size={28} stroke={1.5} />}
          title="Página não encontrada"
          description="O endereço acessado não existe ou foi removido."
          action={
            <Button component={Link} to="/flows">
              Ir para os Flows
            </Button>
          }
        />
      </Paper>
    </>
  );
}
