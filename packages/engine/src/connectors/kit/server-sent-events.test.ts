import { describe, expect, it } from 'vitest';
import {
  createServerSentEventReader,
  maxPendingEventChars,
  type ServerSentEvent,
} from './server-sent-events';

// The event-stream format as the HTML standard defines it
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the body in the given pieces (byte offsets) and gives the events read. */
function read(body: Uint8Array, cuts: number[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const reader = createServerSentEventReader((event) => events.push(event));
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    reader.feed(body.slice(from, cut));
    from = cut;
  }
  reader.end();
  return events;
}

describe('server-sent events reader', () => {
  it('puts back together a line and a multi-byte character split between pieces', () => {
    const body = bytes('event: content_block_delta\ndata: {"text":"ação"}\n\n');
    // A cut inside "content_block_delta", one inside "ç" (two bytes), one between the two newlines.
    const inside = body.indexOf(0xc3) + 1;
    expect(read(body, [10, inside, body.length - 1])).toEqual([
      { event: 'content_block_delta', data: '{"text":"ação"}' },
    ]);
  });

  it('reads \\r\\n endings, skips comments, joins multi-line data, names no event when none is given', () => {
    const body = bytes(': ping\r\n\r\ndata: {"a":1}\r\n\r\ndata: linha 1\r\ndata: linha 2\r\n\r\n');
    expect(read(body, [3, 20])).toEqual([{ data: '{"a":1}' }, { data: 'linha 1\nlinha 2' }]);
  });

  it('drops an event whose closing blank line never came', () => {
    expect(read(bytes('data: inteiro\n\ndata: cortado\n'), [])).toEqual([{ data: 'inteiro' }]);
  });

  it('refuses an event larger than it keeps, and reads nothing after it', () => {
    const events: ServerSentEvent[] = [];
    const reader = createServerSentEventReader((event) => events.push(event));
    reader.feed(bytes(`data: ${'x'.repeat(maxPendingEventChars)}`));
    reader.feed(bytes('\n\ndata: depois\n\n'));
    reader.end();
    expect(reader.problem()).toBe('um evento passou do tamanho aceito.');
    expect(events).toEqual([]);
  });
});
