import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { evaluate, resolveTemplate } from './expressions';

const data = { msg: { payload: { vencimento: '24/12/2026' } }, flow: {}, vars: {} };

describe('business-day functions in expressions', () => {
  it('answers whether a day is a business day, in the country, a UF or a capital', async () => {
    expect(await evaluate('$diaUtil("2026-12-25")', data)).toBe(false);
    expect(await evaluate('$diaUtil("2026-12-24")', data)).toBe(true);
    expect(await evaluate('$diaUtil("2026-07-09", "SP")', data)).toBe(false);
    expect(await evaluate('$diaUtil("2026-07-09")', data)).toBe(true);
    expect(await evaluate('$diaUtil(msg.payload.nada)', data)).toBeUndefined();
  });

  it('gives dates as YYYY-MM-DD', async () => {
    expect(await evaluate('$proximoDiaUtil(msg.payload.vencimento)', data)).toBe('2026-12-28');
    expect(await evaluate('$somarDiasUteis("2026-12-21", 5)', data)).toBe('2026-12-29');
    expect(await evaluate('$somarDiasUteis("2026-12-29", -5, "BR")', data)).toBe('2026-12-21');
    expect(await evaluate('$nDiaUtil("2026-12", 5)', data)).toBe('2026-12-07');
    expect(await evaluate('$nDiaUtil("12/2026", -1)', data)).toBe('2026-12-31');
    expect(await resolveTemplate('Pagar em {{ $nDiaUtil("2026-12", 5) }}', data)).toBe(
      'Pagar em 2026-12-07',
    );
  });

  it('names the holiday, lists them when more than one, and gives nothing on a plain day', async () => {
    expect(await evaluate('$feriado("2026-12-25")', data)).toBe('Natal');
    expect(await evaluate('$feriado("2026-02-17", "RJ")', data)).toEqual([
      'Carnaval (terça-feira)',
      'Carnaval',
    ]);
    expect(await evaluate('$feriado("2026-12-07")', data)).toBeUndefined();
  });

  it('counts the workspace’s holidays, asked once and only when a calendar function runs', async () => {
    const own: WorkspaceHoliday[] = [{ date: '2026-12-02', name: 'Inventário', recurring: false }];
    const holidays = vi.fn(async () => own);
    const withOwn = { ...data, holidays };
    expect(await evaluate('msg.payload.vencimento', withOwn)).toBe('24/12/2026');
    expect(holidays).not.toHaveBeenCalled();
    expect(await evaluate('$nDiaUtil("2026-12", 5)', withOwn)).toBe('2026-12-08');
    expect(await evaluate('[$feriado("2026-12-02"), $diaUtil("2026-12-02")]', withOwn)).toEqual([
      'Inventário',
      false,
    ]);
    expect(holidays).toHaveBeenCalledTimes(1);
    // Another evaluation without them shares the compiled expression, not the holidays.
    expect(await evaluate('$nDiaUtil("2026-12", 5)', data)).toBe('2026-12-07');
  });

  it('says what is wrong in pt-BR, naming the function', async () => {
    await expect(evaluate('$somarDiasUteis("2026-12-21", 20000)', data)).rejects.toThrow(
      '$somarDiasUteis: Número de dias úteis grande demais: 20000. O limite é 10.000 (para mais ou para menos).',
    );
    await expect(evaluate('$diaUtil("2026-12-07", "SP/Campinas")', data)).rejects.toThrow(
      /^\$diaUtil: Município sem calendário: "Campinas"\. Só as capitais/,
    );
    await expect(evaluate('$nDiaUtil("2026-12", 23)', data)).rejects.toThrow(
      '$nDiaUtil: 12/2026 tem só 22 dias úteis; não há o 23º.',
    );
    await expect(evaluate('$proximoDiaUtil("ontem")', data)).rejects.toThrow(
      '$proximoDiaUtil: Data inválida: "ontem".',
    );
  });

  it('names the function when the workspace’s holidays cannot be read, and asks again next time', async () => {
    const holidays = vi
      .fn<() => Promise<WorkspaceHoliday[]>>()
      .mockRejectedValueOnce(new Error('o banco de dados não respondeu'))
      .mockResolvedValue([]);
    const withOwn = { ...data, holidays };
    await expect(evaluate('$diaUtil("2026-12-07")', withOwn)).rejects.toThrow(
      '$diaUtil: não foi possível ler os feriados do workspace: o banco de dados não respondeu',
    );
    expect(await evaluate('$diaUtil("2026-12-07")', withOwn)).toBe(true);
  });
});
