import {
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { PublicFormField } from '@ponte/shared/forms.schema';
import type { FieldValue, TableRow } from './form-values';
import { MaskedTextInput } from './masked-text-input';
import { TableField } from './table-field';
import { UploadField } from './upload-field';

export interface FieldInputProps {
  field: PublicFormField;
  value: FieldValue | undefined;
  files: File[];
  error: string | undefined;
  onChange: (value: FieldValue) => void;
  onFiles: (files: File[], refusal: string | null) => void;
}

/** The id of a field's first input (the submit focuses the first field with an error). */
export const fieldInputId = (code: string) => `campo-${code}`;

const asText = (value: FieldValue | undefined) => (typeof value === 'string' ? value : '');
const asList = (value: FieldValue | undefined) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** One field of the public form, by its type (spec 2 §3). Hidden fields render nothing. */
export function FieldInput({ field, value, files, error, onChange, onFiles }: FieldInputProps) {
  const id = fieldInputId(field.name);
  const common = { id, label: field.label, required: field.is_required, error };
  const data = field.options.map((option) => ({ value: option.value, label: option.label }));
  switch (field.type) {
    case 'hidden':
      return null;
    case 'separator':
      return (
        <Stack gap={4} mt="sm">
          <Title order={2} size="h4">
            {field.label}
          </Title>
          <Divider />
        </Stack>
      );
    case 'text':
      if (field.mask)
        return (
          <MaskedTextInput
            field={field}
            id={id}
            value={asText(value)}
            error={error}
            onChange={onChange}
          />
        );
      return (
        <TextInput
          {...common}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <TextInput
          {...common}
          type={field.type === 'date' ? 'date' : 'datetime-local'}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          label={
            field.is_required ? (
              <>
                {field.label}{' '}
                <Text span c="red" aria-hidden>
                  *
                </Text>
              </>
            ) : (
              field.label
            )
          }
          mt="xs"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={data}
          clearable
          searchable={data.length > 10}
          comboboxProps={{ withinPortal: false }}
          value={asText(value) || null}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'multiple_select':
      return (
        <MultiSelect
          {...common}
          data={data}
          clearable
          searchable={data.length > 10}
          comboboxProps={{ withinPortal: false }}
          value={asList(value)}
          onChange={onChange}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          label={field.label}
          required={field.is_required}
          error={error}
          value={asText(value) || null}
          onChange={onChange}
        >
          <Stack gap={6} mt={6}>
            {data.map((option, index) => (
              <Radio
                key={option.value}
                id={index === 0 ? id : undefined}
                value={option.value}
                label={option.label}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_checkbox':
      return (
        <Checkbox.Group
          label={field.label}
          required={field.is_required}
          error={error}
          value={asList(value)}
          onChange={onChange}
        >
          <Group gap="md" mt={6}>
            {data.map((option, index) => (
              <Checkbox
                key={option.value}
                id={index === 0 ? id : undefined}
                value={option.value}
                label={option.label}
              />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'upload':
      return <UploadField field={field} id={id} files={files} error={error} onChange={onFiles} />;
    case 'table':
      return (
        <TableField
          field={field}
          id={id}
          rows={Array.isArray(value) ? (value as TableRow[]) : []}
          error={error}
          onChange={onChange}
        />
      );
  }
}
