import { expect, it } from 'vitest';
import { auditListSchema } from '@ponte/shared/audit.schema';
import { holidayListSchema, holidaySchema } from '@ponte/shared/holidays.schema';
import { messages } from '@ponte/shared/messages';
import { deniedBecause } from '@ponte/shared/roles';
import { limits } from '@ponte/shared/limits';
import { workspaceHolidays } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.holidays;
const namesOf = (body: { items: { name: string }[] }) => body.items.map((h) => h.name);

describeEachDriver('workspace holidays', (driver) => {
  const t = useTestApp(driver);

  it('creates, reads, edits, lists and removes a holiday; the body workspace is ignored', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const api = t.request(account.token);

    const created = await api.post('/api/v1/holidays', {
      date: '2027-01-25',
      name: ' Aniversário de São Paulo ',
      recurring: true,
      workspace: other.workspaceId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const holiday = holidaySchema.parse(created.json());
    expect(holiday).toMatchObject({
      date: '2027-01-25',
      name: 'Aniversário de São Paulo',
      recurring: true,
      workspace: account.workspaceId,
      created_by: account.userId,
      updated_by: account.userId,
    });
    expect((await api.get(`/api/v1/holidays/${holiday._id}`)).json()).toEqual(holiday);

    t.clock.advance(1_000);
    const edited = await api.put(`/api/v1/holidays/${holiday._id}`, {
      date: '2027-01-26',
      name: 'Ponte do aniversário',
      workspace: other.workspaceId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      date: '2027-01-26',
      name: 'Ponte do aniversário',
      recurring: false,
      workspace: account.workspaceId,
      created_at: holiday.created_at,
    });
    expect(edited.json().updated_at > holiday.updated_at).toBe(true);

    const list = holidayListSchema.parse((await api.get('/api/v1/holidays?limit=1000')).json());
    expect(list).toEqual({ items: [edited.json()], total: 1 });
    expect((await t.request(other.token).get('/api/v1/holidays')).json().total).toBe(0);

    expect((await api.delete(`/api/v1/holidays/${holiday._id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/holidays/${holiday._id}`)).statusCode).toBe(404);
    expect((await api.get('/api/v1/holidays')).json()).toEqual({ items: [], total: 0 });
  });

  it('answers the message of every invalid field and saves nothing', async () => {
    const api = t.request((await t.createAccount()).token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Sem data' }, 'date', m.dateRequired],
      [{ date: ' ', name: 'Vazia' }, 'date', m.dateRequired],
      [{ date: '25/01/2027', name: 'Formato da tela' }, 'date', m.dateInvalid],
      [{ date: '2027-02-29', name: 'Não bissexto' }, 'date', m.dateInvalid],
      [{ date: '2027-01-25' }, 'name', m.nameRequired],
      [{ date: '2027-01-25', name: 'x'.repeat(121) }, 'name', m.nameTooLong],
      [
        { date: '2027-01-25', name: 'X', recurring: 'sim' },
        'recurring',
        messages.generic.invalidField('recurring'),
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post('/api/v1/holidays', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', message });
      expect(res.json().details).toContainEqual({ field, message });
    }
    expect((await api.get('/api/v1/holidays')).json()).toEqual({ items: [], total: 0 });
  });

  it('refuses a second holiday on one day: by date, or by day and month for yearly ones', async () => {
    const api = t.request((await t.createAccount()).token);
    const post = (date: string, name: string, recurring = false) =>
      api.post('/api/v1/holidays', { date, name, recurring });
    const once = (await post('2027-03-19', 'São José')).json();
    const yearly = (await post('2020-07-09', 'Revolução Constitucionalista', true)).json();

    const sameDate = await post('2027-03-19', 'Outro');
    expect(sameDate.statusCode).toBe(400);
    expect(sameDate.json()).toEqual({
      statusCode: 400,
      code: 'conflict',
      message: m.dateTaken,
      details: [{ field: 'date', message: m.dateTaken }],
    });
    const sameDayOtherYear = await post('2031-07-09', 'Outro', true);
    expect(sameDayOtherYear.statusCode).toBe(400);
    expect(sameDayOtherYear.json().message).toBe(m.recurringTaken);
    const edit = await api.put(`/api/v1/holidays/${once._id}`, {
      date: '2027-07-09',
      name: 'São José',
      recurring: true,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(m.recurringTaken);

    // Another year's date, and a one-off day of a yearly one, are other holidays.
    expect((await post('2028-03-19', 'São José')).statusCode).toBe(201);
    expect((await post('2027-07-09', 'Emenda', false)).statusCode).toBe(201);
    expect(
      (await api.put(`/api/v1/holidays/${yearly._id}`, { ...yearly, name: 'Revolução' }))
        .statusCode,
    ).toBe(200);
    const elsewhere = t.request((await t.createAccount()).token);
    expect(
      (await elsewhere.post('/api/v1/holidays', { date: '2027-03-19', name: 'São José' }))
        .statusCode,
    ).toBe(201);
  });

  it('lists the yearly ones by day and month first, then the others by date; searches without accents', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const [date, name, recurring] of [
      ['2027-11-20', 'Consciência Negra municipal', false],
      ['2019-12-08', 'Imaculada Conceição', true],
      ['2026-12-24', 'Véspera de Natal', false],
      ['2024-01-25', 'Aniversário da cidade', true],
    ] as const) {
      const res = await api.post('/api/v1/holidays', { date, name, recurring });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(namesOf((await api.get('/api/v1/holidays')).json())).toEqual([
      'Aniversário da cidade',
      'Imaculada Conceição',
      'Véspera de Natal',
      'Consciência Negra municipal',
    ]);
    expect(namesOf((await api.get('/api/v1/holidays?query=conceicao')).json())).toEqual([
      'Imaculada Conceição',
    ]);
    expect(namesOf((await api.get('/api/v1/holidays?query=VESPERA')).json())).toEqual([
      'Véspera de Natal',
    ]);
  });

  it('refuses the holiday past the limit with 429, and lists the whole limit at once', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const start = Date.UTC(2030, 0, 1);
    await t.database.db.insert(workspaceHolidays).values(
      Array.from({ length: limits.holidaysMax }, (_, i) => ({
        id: `h-${i}`,
        workspaceId: account.workspaceId,
        date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
        name: `Feriado ${i}`,
      })),
    );
    const over = await api.post('/api/v1/holidays', { date: '2029-01-02', name: 'Mais um' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(m.limitReached(limits.holidaysMax));
    const list = (await api.get('/api/v1/holidays?limit=1000')).json();
    expect([list.total, list.items.length]).toEqual([1000, 1000]);
  });

  it("keeps each workspace's holidays to itself", async () => {
    const a = t.request((await t.createAccount()).token);
    const b = t.request((await t.createAccount()).token);
    const mine = (await a.post('/api/v1/holidays', { date: '2027-05-02', name: 'Meu' })).json();
    expect((await b.get(`/api/v1/holidays/${mine._id}`)).statusCode).toBe(404);
    const put = await b.put(`/api/v1/holidays/${mine._id}`, { date: '2027-05-03', name: 'x' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ statusCode: 404, code: 'not_found', message: m.notFound });
    expect((await b.delete(`/api/v1/holidays/${mine._id}`)).statusCode).toBe(404);
    expect((await a.get(`/api/v1/holidays/${mine._id}`)).json()).toEqual(mine);
  });

  it('lets a reader see the holidays but not change them, and records who changed what', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor', 'Edna Editora');
    const viewer = await t.addMember(owner, 'viewer', 'Léo Leitor');
    const created = await t
      .request(editor.token)
      .post('/api/v1/holidays', { date: '2027-06-13', name: 'Santo Antônio' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const renamed = await t
      .request(editor.token)
      .put(`/api/v1/holidays/${id}`, { date: '2027-06-13', name: 'Dia de Santo Antônio' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    expect((await t.request(viewer.token).get('/api/v1/holidays')).json().total).toBe(1);
    const refused = await t.request(viewer.token).delete(`/api/v1/holidays/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(deniedBecause('viewer', 'holidays.write'));

    const res = await t.request(owner.token).get('/api/v1/audit?resource_kind=holidays');
    const changes = auditListSchema.parse(res.json()).items;
    expect(changes.map((event) => [event.action, event.resource_name, event.actor_name])).toEqual([
      ['update', 'Santo Antônio', 'Edna Editora'],
      ['create', 'Santo Antônio', 'Edna Editora'],
    ]);
    expect(changes[0]!.changes).toEqual([
      { field: 'name', before: 'Santo Antônio', after: 'Dia de Santo Antônio' },
    ]);
  });
});
