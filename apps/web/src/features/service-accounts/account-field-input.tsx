import { useRef, useState } from 'react';
import {
  Button,
  NumberInput,
  PasswordInput,
  Select,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ServiceAccountField } from '@ponte/shared/service-account-fields';
import type { FieldValue } from './form-values';

export const savedSecretNote = 'Valor salvo — deixe em branco para manter';

interface AccountFieldInputProps {
  field: ServiceAccountField;
  value: FieldValue | undefined;
  /** A secret field whose value the server holds. */
  saved: boolean;
  onChange: (name: string, value: FieldValue) => void;
}

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** One field of an auth type, by its kind; a secret that is saved can be kept or replaced. */
export function AccountFieldInput({ field, value, saved, onChange }: AccountFieldInputProps) {
  if (field.secret)
    return <SecretInput field={field} value={value} saved={saved} onChange={onChange} />;
  const common = {
    label: field.label,
    withAsterisk: field.required,
    description: field.description,
    placeholder: field.placeholder,
  };
  switch (field.kind) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          styles={mono}
          spellCheck={false}
          value={String(value ?? '')}
          onChange={(event) => onChange(field.name, event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=""
          value={typeof value === 'number' ? value : String(value ?? '')}
          onChange={(next) => onChange(field.name, next)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          allowDeselect={false}
          value={typeof value === 'string' && value ? value : null}
          onChange={(next) => onChange(field.name, next ?? '')}
        />
      );
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.description}
          checked={value === true}
          onChange={(event) => onChange(field.name, event.currentTarget.checked)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          autoComplete="off"
          spellCheck={false}
          value={String(value ?? '')}
          onChange={(event) => onChange(field.name, event.currentTarget.value)}
        />
      );
  }
}

/**
 * A secret: never shown back. When the server holds one, the input waits behind 'Substituir'
 * (left empty, the stored value stays); 'Manter' goes back to the stored value.
 */
function SecretInput({ field, value, saved, onChange }: AccountFieldInputProps) {
  const [replacing, setReplacing] = useState(!saved);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const locked = saved && !replacing;
  const toggle = saved ? (
    <Button
      variant="subtle"
      size="compact-xs"
      onClick={() => {
        if (replacing) onChange(field.name, '');
        setReplacing(!replacing);
        if (!replacing) requestAnimationFrame(() => input.current?.focus());
      }}
    >
      {replacing ? 'Manter' : 'Substituir'}
    </Button>
  ) : null;
  const common = {
    ref: input,
    label: field.label,
    withAsterisk: field.required,
    description: saved ? savedSecretNote : field.description,
    placeholder: locked ? '••••••••' : field.placeholder,
    readOnly: locked,
    value: String(value ?? ''),
    autoComplete: 'new-password',
    spellCheck: false,
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(field.name, event.currentTarget.value),
  };
  if (field.kind === 'textarea') {
    return (
      <Textarea
        {...common}
        autosize
        minRows={locked ? 1 : 4}
        maxRows={10}
        styles={mono}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        rightSection={toggle}
        rightSectionWidth={saved ? 96 : undefined}
      />
    );
  }
  return (
    <PasswordInput
      {...common}
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar o valor' }}
      rightSection={toggle ?? undefined}
      rightSectionWidth={saved ? 96 : undefined}
    />
  );
}
