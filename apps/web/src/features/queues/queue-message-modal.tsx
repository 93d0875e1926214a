import { Code, Modal, ScrollArea } from '@mantine/core';
import { jobMessagePretty } from '@ponte/shared/queues.schema';
import type { QueueJob } from '@ponte/shared/queues.schema';

/** The full message of a job, pretty-printed with 4 spaces when it is JSON (spec 2 'Queues'). */
export function QueueMessageModal({ job, onClose }: { job: QueueJob | null; onClose: () => void }) {
  return (
    <Modal opened={job !== null} onClose={onClose} title={`Mensagem ${job?._id ?? ''}`} size="xl">
      {job ? (
        <ScrollArea.Autosize mah="70vh">
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {jobMessagePretty(job.message)}
          </Code>
        </ScrollArea.Autosize>
      ) : null}
    </Modal>
  );
}
