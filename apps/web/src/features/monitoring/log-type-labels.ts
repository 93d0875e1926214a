import type { LogType } from '@ponte/shared/monitoring.schema';

/** Spec 1 §2.9: how each log type reads. */
export const logTypeLabels: Record<LogType, string> = {
  user: 'Usuário',
  internal: 'Evento interno',
  debug: 'Debug',
};
