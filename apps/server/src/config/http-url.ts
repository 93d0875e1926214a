import { z } from 'zod';

/** An http:// or https:// address, refused with the same pt-BR reason everywhere. */
export const httpUrl = z
  .url({ error: 'deve ser um endereço http:// ou https:// válido' })
  .refine((value) => /^https?:\/\//i.test(value), {
    error: 'deve ser um endereço http:// ou https:// válido',
  });
