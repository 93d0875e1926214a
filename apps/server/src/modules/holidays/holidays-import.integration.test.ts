import { expect, it } from 'vitest';
import { holidayImportResultSchema } from '@ponte/shared/holidays.schema';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.holidays;

describeEachDriver('workspace holidays from a CSV', (driver) => {
  const t = useTestApp(driver);

  it('imports a sheet as a Brazilian Excel saves it, and a second import keeps what exists', async () => {
    const api = t.request((await t.createAccount()).token);
    await api.post('/api/v1/holidays', { date: '2027-03-19', name: 'São José' });
    // UTF-8 with BOM, CRLF, a header, 'Sim'/'não'/empty, a name in quotes with a ';'.
    const csv =
      '\uFEFFData;Nome;Todo ano\r\n' +
      '25/01/2020;Aniversário da cidade;Sim\r\n' +
      '19/03/2027;São José;não\r\n' +
      '24/12/2026;"Recesso; fim de ano";\r\n' +
      '\r\n';
    const res = await api.post('/api/v1/holidays/import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(holidayImportResultSchema.parse(res.json())).toEqual({ created: 2, skipped: 1 });
    const items = (await api.get('/api/v1/holidays')).json().items;
    expect(
      items.map((h: { date: string; name: string; recurring: boolean }) => [
        h.date,
        h.name,
        h.recurring,
      ]),
    ).toEqual([
      ['2020-01-25', 'Aniversário da cidade', true],
      ['2026-12-24', 'Recesso; fim de ano', false],
      ['2027-03-19', 'São José', false],
    ]);
    const again = await api.post('/api/v1/holidays/import', { csv });
    expect(again.json()).toEqual({ created: 0, skipped: 3 });
  });

  it('refuses the whole file naming each wrong line, and writes nothing', async () => {
    const api = t.request((await t.createAccount()).token);
    const csv = [
      '01/05/2027;Dia do Trabalho;não',
      '31/02/2027;Não existe;não',
      '2027-06-01;Formato errado;não',
      '15/11/2027;Proclamação;talvez',
      '20/11/2027',
      '01/05/2031;Dia do Trabalho de novo;',
      '07/09/2020;Independência;sim',
      '07/09/2024;Sete de setembro;sim',
    ].join('\n');
    const res = await api.post('/api/v1/holidays/import', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      message: `Linha 2: ${m.dateInvalid}`,
    });
    expect(res.json().details).toEqual(
      [
        `Linha 2: ${m.dateInvalid}`,
        `Linha 3: ${m.dateInvalid}`,
        `Linha 4: ${m.importRecurring}`,
        `Linha 5: ${m.importColumns}`,
        `Linha 8: ${m.importRepeated(7)}`,
      ].map((message) => ({ field: 'csv', message })),
    );
    expect((await api.get('/api/v1/holidays')).json().total).toBe(0);

    for (const [body, message] of [
      [{ csv: '' }, m.importEmpty],
      [{ csv: 'Data;Nome;Todo ano\n' }, m.importEmpty],
      [{ csv: '01/05/2027;"Dia do Trabalho' }, m.importUnreadable],
      [{ csv: 'x'.repeat(200_001) }, m.importTooLarge],
    ] as const) {
      const refused = await api.post('/api/v1/holidays/import', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
  });
});
