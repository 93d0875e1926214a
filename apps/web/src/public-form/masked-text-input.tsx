import { useMemo } from 'react';
import { TextInput } from '@mantine/core';
import type { FactoryOpts } from 'imask';
import { useIMask } from 'react-imask';
import type { FormMask, PublicFormField } from '@ponte/shared/forms.schema';
import { maskOptions, maskPlaceholder } from '@ponte/shared/forms/masks';

/** Masks that take letters: a phone's digits-only keyboard would leave no way to type them. */
const lettersTaken: readonly FormMask[] = ['custom', 'cnpj'];

interface MaskedTextInputProps {
  field: PublicFormField;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * A text field with a Brazilian mask (CPF, CNPJ, CEP, phones, prices, custom): the mask formats as
 * the person types and the value kept is the masked text, as shown.
 */
export function MaskedTextInput({ field, id, value, error, onChange }: MaskedTextInputProps) {
  const options = useMemo(
    () => maskOptions(field.mask, field.mask_custom) as FactoryOpts,
    [field.mask, field.mask_custom],
  );
  const { ref } = useIMask<HTMLInputElement>(options, {
    defaultValue: value,
    onAccept: (masked) => onChange(String(masked)),
  });
  return (
    <TextInput
      ref={ref}
      id={id}
      label={field.label}
      required={field.is_required}
      placeholder={maskPlaceholder(field.mask, field.mask_custom)}
      error={error}
      inputMode={lettersTaken.includes(field.mask) ? undefined : 'numeric'}
      autoComplete="off"
    />
  );
}
