import { z } from 'zod';

/** A variable holding a whole number from `min` to `max`, refused with a pt-BR reason. */
export const wholeNumber = (min: number, max: number) => {
  const error = `deve ser um número inteiro de ${min} a ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};
