import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useIMask } from 'react-imask';
import type { ApprovalField } from '@ponte/shared/approval-requests.schema';
import type { FieldValues } from './approval-field-values';

interface FieldProps {
  field: ApprovalField;
  value: string | boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
}

/** A day typed as `DD/MM/AAAA` whatever the browser's language, as the app's date filters are. */
function DateField({ field, value, error, disabled, onChange }: FieldProps) {
  const { ref } = useIMask<HTMLInputElement>(
    { mask: '00/00/0000' },
    { defaultValue: typeof value === 'string' ? value : '', onAccept: (typed) => onChange(typed) },
  );
  return (
    <TextInput
      ref={ref}
      label={field.label}
      required={field.required}
      error={error}
      disabled={disabled}
      placeholder="DD/MM/AAAA"
      inputMode="numeric"
      autoComplete="off"
    />
  );
}

/** One field, by its type; a number is typed as people in Brazil write it ('1.234,56'). */
function FieldInput(props: FieldProps) {
  const { field, value, error, disabled, onChange } = props;
  if (field.type === 'date') return <DateField {...props} />;
  if (field.type === 'boolean')
    return (
      <Checkbox
        label={field.label}
        required={field.required}
        error={error}
        disabled={disabled}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    );
  return (
    <TextInput
      label={field.label}
      required={field.required}
      error={error}
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...(field.type === 'number'
        ? { inputMode: 'decimal' as const, placeholder: 'Ex.: 1.234,56', autoComplete: 'off' }
        : {})}
    />
  );
}

interface ApprovalFieldsProps {
  fields: ApprovalField[];
  values: FieldValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (key: string, value: string | boolean) => void;
}

/** What the flow asks whoever decides to fill in; a required one is needed to approve. */
export function ApprovalFields({
  fields,
  values,
  errors,
  disabled,
  onChange,
}: ApprovalFieldsProps) {
  if (fields.length === 0) return null;
  return (
    <Stack gap="sm">
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          error={errors[field.key]}
          disabled={disabled}
          onChange={(value) => onChange(field.key, value)}
        />
      ))}
    </Stack>
  );
}
