import { FileInput, TextInput, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ManualFormField } from '../lib/flows/api/get-manual-form';
import type { ManualInputValue } from '../lib/flows/api/run-manual-trigger';

export interface ManualFieldProps {
  field: ManualFormField;
  value: ManualInputValue | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: ManualInputValue) => void;
}

/** One field of the trigger's form: text, long text or a file. */
export function ManualField({ field, value, error, disabled, onChange }: ManualFieldProps) {
  const common = {
    label: field.label,
    withAsterisk: field.required,
    'aria-required': field.required,
    error,
    disabled,
  };
  if (field.type === 'upload') {
    return (
      <FileInput
        {...common}
        value={value instanceof File ? value : null}
        onChange={(file) => onChange(file)}
        placeholder="Selecionar arquivo"
        leftSection={<IconUpload size={16} />}
        clearable
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'textarea') {
    return (
      <Textarea
        {...common}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={10}
      />
    );
  }
  return (
    <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}
