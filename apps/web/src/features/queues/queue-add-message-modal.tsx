import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { parseJobContent } from '@ponte/shared/queues.schema';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useAddJob } from './api/queue-mutations';

const m = messages.queues;

interface AddMessageModalProps {
  queueId: string;
  opened: boolean;
  onClose: () => void;
}

/** Spec 2 'Add message modal': content, delayed 0 or 1, the delay only when delayed is 1. */
export function QueueAddMessageModal({ queueId, opened, onClose }: AddMessageModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Adicionar mensagem" size="lg">
      {opened ? <AddMessageForm queueId={queueId} onClose={onClose} /> : null}
    </Modal>
  );
}

function AddMessageForm({ queueId, onClose }: { queueId: string; onClose: () => void }) {
  const add = useAddJob();
  const [content, setContent] = useState('');
  const [delayed, setDelayed] = useState('0');
  const [delay, setDelay] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!content.trim()) {
      setError(m.contentRequired);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({
        id: queueId,
        body: {
          message: parseJobContent(content),
          delayed: Number(delayed),
          delay_in_seconds: delayed === '1' ? Number(delay) || 0 : 0,
        },
      });
      toast.success(m.messageAdded);
      onClose();
    } catch (failure) {
      toast.error(`${m.messageAddError}${errorMessage(failure)}`);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Textarea
          label="Conteúdo"
          description="Texto ou JSON; um objeto ou lista em JSON chega ao flow já interpretado."
          withAsterisk
          autosize
          minRows={6}
          maxRows={16}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={content}
          error={error}
          onChange={(event) => setContent(event.currentTarget.value)}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="queue-delayed-label">
            Atrasar a execução?
          </Text>
          <SegmentedControl
            aria-labelledby="queue-delayed-label"
            value={delayed}
            onChange={setDelayed}
            data={[
              { value: '0', label: 'Não (0)' },
              { value: '1', label: 'Sim (1)' },
            ]}
          />
        </Stack>
        {delayed === '1' ? (
          <NumberInput
            label="Atraso em segundos"
            min={0}
            max={limits.queueDelayMaxSeconds}
            allowDecimal={false}
            allowNegative={false}
            value={delay}
            onChange={setDelay}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={add.isPending}>
            Adicionar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
