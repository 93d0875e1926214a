import { describe, expect, it } from 'vitest';
import { abortable } from './abortable';

describe('abortable', () => {
  it('never starts the work when the signal is already aborted', async () => {
    const reason = new Error('Execução interrompida.');
    let started = false;
    const work = async () => {
      started = true;
      return 1;
    };
    await expect(abortable(AbortSignal.abort(reason), work)).rejects.toBe(reason);
    expect(started).toBe(false);
  });

  it('rejects with the reason as soon as the signal aborts, while the work still hangs', async () => {
    const controller = new AbortController();
    let given: AbortSignal | undefined;
    const running = abortable(controller.signal, (signal) => {
      given = signal;
      return new Promise<never>(() => undefined);
    });
    const reason = new Error('Execução interrompida.');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(given).toBe(controller.signal);
  });

  it('answers what the work answers, and its failure as it is', async () => {
    const signal = new AbortController().signal;
    expect(await abortable(signal, async () => 'ok')).toBe('ok');
    const failure = new Error('falhou');
    await expect(abortable(signal, () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
