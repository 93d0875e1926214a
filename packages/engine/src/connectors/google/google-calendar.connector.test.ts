import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { googleCalendarConnector } from './google-calendar.connector';
import { rfc3339 } from './google-calendar-dates';
import { googleErrorBody, googlePorts, testLookup } from './google-test-ports';

// Answers as the Calendar API v3 reference documents them
// (https://developers.google.com/calendar/api/v3/reference/events/insert,
// https://developers.google.com/calendar/api/v3/reference/events/list,
// https://developers.google.com/calendar/api/guides/errors).
const base = 'https://www.googleapis.com/calendar/v3';

const run = (ports: ReturnType<typeof googlePorts>, params: Record<string, unknown>) =>
  runNode(googleCalendarConnector, { ports, params: { service_account: 'google', ...params } });

describe('svc_google_calendar', () => {
  it('creates an event from typed dates in São Paulo time, with attendees and a Google Meet', async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(200, { id: 'ev1', hangoutLink: 'https://meet.google.com/abc-defg-hij' });
    const { emitted } = await run(ports, {
      operation: 'create_event',
      calendar_id: 'equipe@group.calendar.google.com',
      summary: 'Reunião de alinhamento',
      description: 'Pauta: metas de junho',
      start: '06/06/2026 14:30',
      end: '06/06/2026 15:30',
      attendees: 'ana@exemplo.com.br, bruno@exemplo.com.br',
      google_meet: true,
    });
    const call = ports.httpCalls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe(
      `${base}/calendars/equipe%40group.calendar.google.com/events?conferenceDataVersion=1&sendUpdates=all`,
    );
    expect(call.headers?.authorization).toBe('Bearer ya29.token-google');
    expect(JSON.parse(String(call.body))).toEqual({
      summary: 'Reunião de alinhamento',
      description: 'Pauta: metas de junho',
      start: { dateTime: '2026-06-06T14:30:00', timeZone: 'America/Sao_Paulo' },
      end: { dateTime: '2026-06-06T15:30:00', timeZone: 'America/Sao_Paulo' },
      attendees: [{ email: 'ana@exemplo.com.br' }, { email: 'bruno@exemplo.com.br' }],
      conferenceData: {
        createRequest: {
          requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          conferenceSolutionKey: { type: 'hangoutsMeet' },
        },
      },
    });
    expect(emitted[0]!.msg.payload).toMatchObject({ id: 'ev1' });
  });

  it('creates an all-day event in the primary calendar, its last day included', async () => {
    const ports = googlePorts();
    ports.httpHandler = () => jsonResponse(200, { id: 'ev2' });
    await run(ports, {
      operation: 'create_event',
      summary: 'Feriado',
      start: '31/12/2026',
      end: '31/12/2026',
      send_updates: 'none',
    });
    expect(ports.httpCalls[0]!.url).toBe(`${base}/calendars/primary/events?sendUpdates=none`);
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toMatchObject({
      start: { date: '2026-12-31' },
      end: { date: '2027-01-01' },
    });
  });

  it('refuses a date that is not one before any call, naming the field', async () => {
    const ports = googlePorts();
    const error = await run(ports, {
      operation: 'create_event',
      summary: 'X',
      start: '31/02/2026 10:00',
      end: '01/03/2026 10:00',
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'Google Agenda: "Início" não é uma data válida (31/02/2026 10:00).',
    );
    expect(ports.httpCalls).toHaveLength(0);
  });

  it("says Google's refusal of the time range in pt-BR, naming the fields", async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(
        400,
        googleErrorBody(
          400,
          'INVALID_ARGUMENT',
          'timeRangeEmpty',
          'The specified time range is empty.',
        ),
      );
    const error = await run(ports, {
      operation: 'create_event',
      summary: 'X',
      start: '06/06/2026 15:00',
      end: '06/06/2026 14:00',
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'O Google Agenda recusou a chamada: o "Fim" vem antes do "Início" (The specified time range is empty.).',
    );
  });

  it('lists single events by start time across three pages, waiting out a 429', async () => {
    const ports = googlePorts();
    let calls = 0;
    const times: number[] = [];
    ports.httpHandler = (request) => {
      times.push(ports.time);
      if (++calls === 2)
        return jsonResponse(
          429,
          googleErrorBody(429, 'RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'Rate Limit Exceeded'),
        );
      const page = Number(new URL(request.url).searchParams.get('pageToken')?.slice(1) ?? 1);
      return jsonResponse(200, {
        kind: 'calendar#events',
        items: [{ id: `ev${page}`, summary: `Evento ${page}` }],
        ...(page < 3 ? { nextPageToken: `p${page + 1}` } : {}),
      });
    };
    const { emitted } = await run(ports, {
      operation: 'list_events',
      time_min: '01/06/2026',
      time_max: '30/06/2026 23:59',
      return_all: true,
    });
    const query =
      'singleEvents=true&orderBy=startTime&timeMin=2026-06-01T00%3A00%3A00-03%3A00&timeMax=2026-06-30T23%3A59%3A00-03%3A00&timeZone=America%2FSao_Paulo&maxResults=250';
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      `${base}/calendars/primary/events?${query}`,
      `${base}/calendars/primary/events?${query}&pageToken=p2`,
      `${base}/calendars/primary/events?${query}&pageToken=p2`,
      `${base}/calendars/primary/events?${query}&pageToken=p3`,
    ]);
    expect(times[2]! - times[1]!).toBe(1_000);
    expect((emitted[0]!.msg.payload as { id: string }[]).map((e) => e.id)).toEqual([
      'ev1',
      'ev2',
      'ev3',
    ]);
  });

  it('gives RFC 3339 bounds with the offset of the chosen zone', () => {
    expect(rfc3339({ date: '2026-01-15', time: '09:00:00' }, 'Europe/Lisbon', 'De')).toBe(
      '2026-01-15T09:00:00+00:00',
    );
    expect(rfc3339({ date: '2026-07-15', time: '09:00:00' }, 'Europe/Lisbon', 'De')).toBe(
      '2026-07-15T09:00:00+01:00',
    );
    expect(() => rfc3339({ date: '2026-07-15' }, 'Marte/Olimpo', 'De')).toThrow(
      'Google Agenda: o "De" usa um fuso horário desconhecido (Marte/Olimpo).',
    );
  });

  it("fills the 'Agenda' picker from the calendar list, page after page", async () => {
    const ports = googlePorts();
    ports.httpHandler = (request) => {
      const token = new URL(request.url).searchParams.get('pageToken');
      return token
        ? jsonResponse(200, {
            items: [
              { id: 'fer@group.calendar.google.com', summary: 'Feriados', accessRole: 'reader' },
            ],
          })
        : jsonResponse(200, {
            items: [
              {
                id: 'ana@exemplo.com.br',
                summary: 'ana@exemplo.com.br',
                summaryOverride: 'Minha agenda',
                primary: true,
                accessRole: 'owner',
              },
            ],
            nextPageToken: 'p2',
          });
    };
    const options = await googleCalendarConnector.lookupOptions!('calendars', {
      ...testLookup,
      ports,
      params: {},
    });
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      `${base}/users/me/calendarList?maxResults=250`,
      `${base}/users/me/calendarList?maxResults=250&pageToken=p2`,
    ]);
    expect(options).toEqual([
      { value: 'ana@exemplo.com.br', label: 'Minha agenda', description: 'Agenda principal' },
      { value: 'fer@group.calendar.google.com', label: 'Feriados', description: 'Só leitura' },
    ]);
  });
});
