import { useCallback, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { z } from 'zod';

type Values<K extends string> = Record<K, string>;
type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * A small form state for text fields validated by a shared zod schema: the schema's pt-BR
 * messages appear under the fields, the first issue of each field.
 */
export function useZodForm<K extends string, Out>(
  schema: z.ZodType<Out>,
  initialValues: Values<K>,
) {
  const [values, setValues] = useState<Values<K>>(initialValues);
  const [errors, setErrors] = useState<Errors<K>>({});

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const validate = useCallback((): Out | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors<K> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !next[field as K]) {
        next[field as K] = issue.message;
      }
    }
    setErrors(next);
    return null;
  }, [schema, values]);

  const reset = useCallback((next: Values<K>) => {
    setValues(next);
    setErrors({});
  }, []);

  const inputProps = (name: K) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value),
  });

  return { values, errors, setValue, validate, reset, inputProps };
}
