import { Counter, Gauge, type Registry } from 'prom-client';

type Buffered = () => Partial<Record<string, number>>;

/**
 * The log streaming's series (docs/adr/0132): events sent, tried and failed (each failed try
 * counts its events again), dropped (the oldest, past a destination's buffer), by destination
 * and stream; and the events waiting now, by destination.
 */
export function logStreamMetrics(registry: Registry) {
  const counter = (name: string, help: string) =>
    new Counter({
      name,
      help,
      labelNames: ['destination', 'stream'] as const,
      registers: [registry],
    });
  const counters = {
    sent: counter(
      'ponte_log_stream_sent_total',
      'Eventos enviados aos destinos do streaming de logs.',
    ),
    failed: counter(
      'ponte_log_stream_failed_total',
      'Eventos de envios que falharam (cada nova tentativa conta de novo).',
    ),
    dropped: counter(
      'ponte_log_stream_dropped_total',
      'Eventos descartados (os mais antigos) porque o buffer do destino encheu.',
    ),
  };
  let buffered: Buffered = () => ({});
  new Gauge({
    name: 'ponte_log_stream_buffered',
    help: 'Eventos do streaming de logs esperando envio, por destino.',
    labelNames: ['destination'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [destination, count] of Object.entries(buffered()))
        this.set({ destination }, count ?? 0);
    },
  });
  return {
    countLogStream(
      outcome: keyof typeof counters,
      destination: string,
      stream: string,
      count: number,
    ) {
      counters[outcome].inc({ destination, stream }, count);
    },
    /** Where `ponte_log_stream_buffered` reads the events waiting. */
    observeLogStream(read: Buffered) {
      buffered = read;
    },
  };
}
