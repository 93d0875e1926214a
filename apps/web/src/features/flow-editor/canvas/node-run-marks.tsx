import { Loader } from '@mantine/core';
import {
  IconAlertCircleFilled,
  IconCircleCheckFilled,
  IconPinFilled,
  IconRepeat,
} from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import type { CanvasNodeState } from '../run-data/run-data-types';
import classes from './flow-canvas.module.css';

/** "1 item", "N itens". */
export const itemCount = (items: number) => (items === 1 ? '1 item' : `${items} itens`);

/**
 * Above a node's top-right corner (docs/adr/0089): its state in the run looked at or running now
 * (running, done with the messages it sent, failed, waiting for a new attempt) and a pin when it holds pinned output.
 */
export function NodeRunMarks({ run, pinned }: { run?: CanvasNodeState; pinned?: boolean }) {
  if (!run && !pinned) return null;
  return (
    <div className={classes.runMarks}>
      {pinned ? (
        <span className={classes.runMark} title="Saída fixada">
          <IconPinFilled
            size={13}
            color="var(--mantine-color-violet-6)"
            aria-label="Saída fixada"
          />
        </span>
      ) : null}
      {run?.state === 'running' ? (
        <span className={classes.runMark} role="status" aria-label="Executando" title="Executando">
          <Loader size={11} color="blue" />
        </span>
      ) : null}
      {run?.state === 'success' ? (
        <span className={classes.runMark} data-run-state="success">
          <IconCircleCheckFilled
            size={13}
            color="var(--mantine-color-green-7)"
            aria-label="Concluído"
          />
          {itemCount(run.items ?? 0)}
        </span>
      ) : null}
      {run?.state === 'retrying' && run.retry ? (
        <span
          className={classes.runMark}
          data-run-state="retrying"
          title={`Nova tentativa em ${formatDateTime(run.retry.at)}`}
        >
          <IconRepeat size={13} color="var(--mantine-color-orange-7)" aria-label="Nova tentativa" />
          {`tentativa ${run.retry.attempt} de ${run.retry.of}`}
        </span>
      ) : null}
      {run?.state === 'error' ? (
        <span className={classes.runMark} data-run-state="error" title="Falhou">
          <IconAlertCircleFilled size={13} color="var(--mantine-color-red-7)" aria-label="Falhou" />
          {run.items ? itemCount(run.items) : null}
        </span>
      ) : null}
    </div>
  );
}
