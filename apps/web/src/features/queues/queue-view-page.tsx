import { useState } from 'react';
import { Alert, Button, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconEraser,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import type { Queue } from '@ponte/shared/queues.schema';
import { ConfirmModal } from '../../components/confirm-modal';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api/api-error';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { queuesQueryKey, useQueue } from './api/get-queues';
import { useControlQueue } from './api/queue-mutations';
import type { QueueControl } from './api/queue-mutations';
import { QueueAddMessageModal } from './queue-add-message-modal';
import { QueueDepthChart } from './queue-depth-chart';
import { QueueFailedJobs } from './queue-failed-jobs';
import { QueueConsumer, QueueCounters, QueueInfoTable } from './queue-info';
import { QueueJobsTable } from './queue-jobs-table';
import { QueueRestoresNotice } from './queue-restores-notice';
import { queueToggle } from './queue-status';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" miw={0}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Actions({ queue, onAdd }: { queue: Queue; onAdd: () => void }) {
  const queryClient = useQueryClient();
  const control = useControlQueue();
  const [cleaning, setCleaning] = useState(false);
  const toggle = queueToggle(queue.status);
  // Messages, pause and cleaning are 'operar filas'; the settings 'editar filas' (docs/adr/0106).
  const operate = useCan('queues.operate').reason;
  const edit = useCan('queues.write').reason;
  // Spec 2 §8: failures of pause, resume and clean are only logged; the page reloads.
  const run = (action: QueueControl) =>
    control.mutate(
      { id: queue._id, action },
      { onError: (failure) => console.warn(failure), onSettled: () => setCleaning(false) },
    );
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: [...queuesQueryKey, 'detail', queue._id] });

  return (
    <>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
        Atualizar
      </Button>
      {toggle ? (
        <DeniedButton
          variant="default"
          leftSection={
            toggle === 'pause' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
          }
          loading={control.isPending && control.variables.action === toggle}
          onClick={() => run(toggle)}
          denied={operate}
        >
          {toggle === 'pause' ? 'Pausar' : 'Iniciar'}
        </DeniedButton>
      ) : null}
      <DeniedButton
        variant="default"
        color="red"
        leftSection={<IconEraser size={16} />}
        onClick={() => setCleaning(true)}
        denied={operate}
      >
        Limpar fila
      </DeniedButton>
      <DeniedButton
        variant="default"
        to={`/queues/edit/${queue._id}`}
        leftSection={<IconPencil size={16} />}
        denied={edit}
      >
        Editar
      </DeniedButton>
      <DeniedButton leftSection={<IconPlus size={16} />} onClick={onAdd} denied={operate}>
        Adicionar mensagem
      </DeniedButton>
      <ConfirmModal
        opened={cleaning}
        title="Limpar fila"
        message={messages.queues.cleanConfirm}
        danger
        loading={control.isPending}
        onConfirm={() => run('clean')}
        onCancel={() => setCleaning(false)}
      />
    </>
  );
}

/** /queues/view/{id} (spec 2 'Queues'): the queue, its counters, consumer and pending jobs. */
export function QueueViewPage() {
  const { id = '' } = useParams();
  const queue = useQueue(id);
  const [adding, setAdding] = useState(false);

  if (queue.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (queue.isError)
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light">
          {errorMessage(queue.error)}
        </Alert>
        <Button variant="default" component={Link} to="/queues">
          Voltar às filas
        </Button>
      </Stack>
    );
  const data = queue.data;

  return (
    <>
      <PageHeader
        title={data.name}
        actions={<Actions queue={data} onAdd={() => setAdding(true)} />}
      />
      <Stack gap="md">
        <QueueRestoresNotice queueId={id} />
        <QueueCounters queue={data} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section title="Informações">
            <QueueInfoTable queue={data} />
          </Section>
          <Section title="Consumidor e histórico">
            <Stack gap="md">
              <QueueConsumer queue={data} />
              <QueueDepthChart queueId={id} />
            </Stack>
          </Section>
        </SimpleGrid>
        <Section title="Jobs pendentes">
          <QueueJobsTable queueId={id} />
        </Section>
        <Section title="Jobs com falha">
          <QueueFailedJobs queueId={id} />
        </Section>
      </Stack>
      <QueueAddMessageModal queueId={id} opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
