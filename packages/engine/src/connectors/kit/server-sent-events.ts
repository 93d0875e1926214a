import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One event of a stream: its `event:` name (absent when the server gave none) and `data:`. */
export type ServerSentEvent = Pick<EventSourceMessage, 'event' | 'data'>;

/** Characters of one event not yet ended that the reader keeps: past them the stream is refused. */
export const maxPendingEventChars = 4 * 1024 * 1024;

export interface ServerSentEventReader {
  /** A piece of the body as it arrived: whole events go to `onEvent`, the rest waits. */
  feed(chunk: Uint8Array): void;
  /** The body ended: an event without its closing blank line is dropped (as the standard says). */
  end(): void;
  /** Why the stream cannot be read (an event past `maxPendingEventChars`), else undefined. */
  problem(): string | undefined;
}

/**
 * Reads `text/event-stream` bodies (https://html.spec.whatwg.org/multipage/server-sent-events.html,
 * "Interpreting an event stream") with `eventsource-parser`: UTF-8 decoded across pieces, a
 * multi-byte character or a line split between two pieces put back together, `\r\n`, `\r` and
 * `\n` endings, comments (`: ping`) skipped.
 */
export function createServerSentEventReader(
  onEvent: (event: ServerSentEvent) => void,
): ServerSentEventReader {
  const decoder = new TextDecoder();
  let refused: string | undefined;
  const parser = createParser({
    onEvent: (event) =>
      onEvent({ ...(event.event ? { event: event.event } : {}), data: event.data }),
    onError(error) {
      if (error.type === 'max-buffer-size-exceeded')
        refused = 'um evento passou do tamanho aceito.';
    },
    maxBufferSize: maxPendingEventChars,
  });
  const feed = (text: string) => {
    if (refused || !text) return;
    parser.feed(text);
  };
  return {
    feed: (chunk) => feed(decoder.decode(chunk, { stream: true })),
    end: () => feed(decoder.decode()),
    problem: () => refused,
  };
}
