import { Paper } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** An honest page for an area that this version does not have yet. */
export function UnderConstructionPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconBarrierBlock size={28} stroke={1.5} />}
          title="Em construção"
          description="Esta área ainda não está disponível nesta versão do Ponte."
        />
      </Paper>
    </>
  );
}
