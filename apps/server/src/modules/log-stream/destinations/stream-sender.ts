import type { StreamEvent } from '../stream-event';

/** What a destination does with a batch: resolves once the destination took it. */
export interface StreamSender {
  send(batch: StreamEvent[]): Promise<void>;
  close(): Promise<void>;
}
