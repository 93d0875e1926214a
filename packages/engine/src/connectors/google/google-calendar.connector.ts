import { randomUUID } from 'node:crypto';
import { defineConnector, type ConnectorResponse } from '../kit/define-connector';
import { recipients } from './gmail-mime';
import {
  defaultTimeZone,
  nextDay,
  parseTypedDate,
  rfc3339,
  type TypedDate,
} from './google-calendar-dates';
import {
  byMessage,
  byReason,
  googleAuthorize,
  googleErrorMessage,
  googleRateLimited,
  nextPageToken,
  type GoogleRule,
} from './google-refusals';

/**
 * Google Calendar API v3 (https://developers.google.com/calendar/api/v3/reference) through a
 * Google (OAuth2) account. Paths name the API (`calendar/v3/…`) under the root of Google's APIs,
 * so an account's 'URL da API' serves every Google connector.
 */

/** Google Calendar's own address; an account's 'URL da API' replaces it. */
export const calendarApiUrl = 'https://www.googleapis.com';

const api = 'calendar/v3';

/** Google Calendar's refusals people meet most, naming the node's field. */
const rules: GoogleRule[] = [
  [byReason('timeRangeEmpty'), 'o "Fim" vem antes do "Início"'],
  [byMessage(/invalid attendee email/i), 'um endereço em "Convidados" não é válido'],
  [byMessage(/invalid (start|end) time/i), 'o "Início" ou o "Fim" não é uma data válida'],
  [
    byMessage(/time ?zone/i),
    'o "Fuso horário" não é um fuso do banco IANA (como America/Sao_Paulo)',
  ],
  [byMessage(/invalid conference type/i), 'a agenda não aceita Google Meet'],
  [
    (error, status) => status === 404 || byReason('notFound')(error),
    'o Google Agenda não encontrou a agenda de "Agenda"',
  ],
  [
    byReason('requiredAccessLevel', 'forbiddenForNonOrganizer'),
    'a conta não pode criar eventos na agenda de "Agenda"',
  ],
  [byReason('quotaExceeded'), 'a conta passou do limite de uso da API do Google Agenda'],
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const zoneOf = (p: Record<string, unknown>) => text(p.time_zone) || defaultTimeZone;

const calendarPath = (p: Record<string, unknown>) =>
  `${api}/calendars/${encodeURIComponent(text(p.calendar_id) || 'primary')}/events`;

/** An event's start or end: a time in the zone, or a day (all-day events). */
const eventTime = (typed: TypedDate, timeZone: string, allDayEnd = false) =>
  typed.time
    ? { dateTime: `${typed.date}T${typed.time}`, timeZone }
    : { date: allDayEnd ? nextDay(typed.date) : typed.date };

function eventBody(p: Record<string, unknown>) {
  const timeZone = zoneOf(p);
  const start = parseTypedDate(p.start, 'Início');
  const end = parseTypedDate(p.end, 'Fim');
  if (!start.time !== !end.time)
    throw new Error(
      'Google Agenda: "Início" e "Fim" devem ter os dois a hora (DD/MM/AAAA HH:mm) ou os dois só a data (dia inteiro).',
    );
  const attendees = recipients(p.attendees);
  const invalid = attendees.find((email) => !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email));
  if (invalid)
    throw new Error(`Google Agenda: "${invalid}" em "Convidados" não é um endereço de e-mail.`);
  return {
    summary: text(p.summary),
    ...(text(p.description) ? { description: String(p.description) } : {}),
    ...(text(p.location) ? { location: text(p.location) } : {}),
    start: eventTime(start, timeZone),
    // The panel's end of an all-day event is its last day; Google's is the day after.
    end: eventTime(end, timeZone, true),
    ...(attendees.length ? { attendees: attendees.map((email) => ({ email })) } : {}),
    ...(p.google_meet
      ? {
          conferenceData: {
            // A new id per call: Google ignores a createRequest whose id it has seen.
            createRequest: {
              requestId: randomUUID(),
              conferenceSolutionKey: { type: 'hangoutsMeet' },
            },
          },
        }
      : {}),
  };
}

const itemsOf = (response: ConnectorResponse) =>
  ((response.body as { items?: unknown[] } | undefined)?.items ?? []) as unknown[];

export const googleCalendarConnector = defineConnector({
  service: 'google_calendar',
  label: 'Google Agenda',
  description: 'Cria e lista eventos do Google Agenda, com convidados e Google Meet.',
  icon: 'calendar-event',
  accountTypes: ['google_oauth2'],
  baseUrl: calendarApiUrl,
  params: {
    calendar_id: {
      type: 'text',
      label: 'Agenda',
      default: 'primary',
      description: 'A agenda do evento; "primary" é a agenda principal da conta.',
      lookup: { name: 'calendars' },
    },
    summary: { type: 'text', label: 'Título', required: true },
    description: { type: 'textarea', label: 'Descrição' },
    location: { type: 'text', label: 'Local' },
    start: {
      type: 'text',
      label: 'Início',
      required: true,
      placeholder: '06/06/2026 14:30',
      description: 'DD/MM/AAAA HH:mm; só DD/MM/AAAA cria um evento de dia inteiro.',
    },
    end: {
      type: 'text',
      label: 'Fim',
      required: true,
      placeholder: '06/06/2026 15:30',
      description: 'DD/MM/AAAA HH:mm; num evento de dia inteiro, o último dia.',
    },
    time_zone: {
      type: 'text',
      label: 'Fuso horário',
      default: defaultTimeZone,
      placeholder: defaultTimeZone,
      description: 'O fuso das datas digitadas, do banco IANA. Vazio, America/Sao_Paulo.',
    },
    attendees: {
      type: 'text',
      label: 'Convidados',
      placeholder: 'ana@exemplo.com.br, bruno@exemplo.com.br',
      description: 'E-mails separados por vírgula.',
    },
    google_meet: { type: 'boolean', label: 'Criar reunião do Google Meet', default: false },
    send_updates: {
      type: 'select',
      label: 'Avisar convidados',
      default: 'all',
      options: [
        { value: 'all', label: 'Todos' },
        { value: 'externalOnly', label: 'Só os de fora da organização' },
        { value: 'none', label: 'Ninguém' },
      ],
    },
    time_min: {
      type: 'text',
      label: 'De',
      placeholder: '01/06/2026',
      description: 'Eventos que terminam a partir desta data (DD/MM/AAAA ou DD/MM/AAAA HH:mm).',
    },
    time_max: {
      type: 'text',
      label: 'Até',
      placeholder: '30/06/2026 23:59',
      description: 'Eventos que começam antes desta data (DD/MM/AAAA ou DD/MM/AAAA HH:mm).',
    },
    query: {
      type: 'text',
      label: 'Busca',
      description: 'Texto procurado no título, descrição, local e convidados (opcional).',
    },
  },
  operations: {
    create_event: {
      resource: 'Evento',
      action: 'Criar',
      params: [
        'calendar_id',
        'summary',
        'description',
        'location',
        'start',
        'end',
        'time_zone',
        'attendees',
        'google_meet',
        'send_updates',
      ],
      request: (p) => ({
        method: 'POST',
        path: calendarPath(p),
        query: {
          conferenceDataVersion: p.google_meet ? 1 : undefined,
          sendUpdates: text(p.send_updates) || undefined,
        },
        json: eventBody(p),
      }),
    },
    list_events: {
      resource: 'Eventos',
      action: 'Listar',
      params: ['calendar_id', 'time_min', 'time_max', 'time_zone', 'query'],
      request(p) {
        const zone = zoneOf(p);
        const bound = (value: unknown, field: string) =>
          text(value) ? rfc3339(parseTypedDate(value, field), zone, field) : undefined;
        return {
          method: 'GET',
          path: calendarPath(p),
          query: {
            singleEvents: true,
            orderBy: 'startTime',
            timeMin: bound(p.time_min, 'De'),
            timeMax: bound(p.time_max, 'Até'),
            q: text(p.query) || undefined,
            timeZone: zone,
            maxResults: 250,
          },
        };
      },
      paging: { items: itemsOf, next: (request, response) => nextPageToken(request, response) },
    },
  },
  lookups: {
    calendars: {
      request: () => ({
        method: 'GET',
        path: `${api}/users/me/calendarList`,
        query: { maxResults: 250 },
      }),
      options: (response) =>
        (
          itemsOf(response) as {
            id: string;
            summary?: string;
            summaryOverride?: string;
            primary?: boolean;
            accessRole?: string;
          }[]
        ).map((calendar) => ({
          value: calendar.id,
          label: calendar.summaryOverride || calendar.summary || calendar.id,
          description: calendar.primary
            ? 'Agenda principal'
            : calendar.accessRole === 'owner' || calendar.accessRole === 'writer'
              ? 'Pode criar eventos'
              : 'Só leitura',
        })),
      paging: { items: itemsOf, next: (request, response) => nextPageToken(request, response) },
    },
  },
  authorize: googleAuthorize,
  errorMessage: (response) => googleErrorMessage('Google Agenda', response, rules),
  rateLimited: googleRateLimited,
});
