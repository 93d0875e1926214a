import { useState, type ComponentProps } from 'react';
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconBraces, IconNumbers } from '@tabler/icons-react';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { hasExpression, numberOrText, numberText } from './expression';
import { ParamLabel } from './param-label';

type NumberSpec = Extract<ParamSpec, { type: 'number' }>;

interface NumberParamFieldProps {
  name: string;
  spec: NumberSpec;
  value: unknown;
  placeholder: string | undefined;
  onChange: (name: string, value: unknown) => void;
}

/**
 * A number, or an expression when the person switches the field to text: the value is stored
 * as a number when it is one and as text when it holds `{{ }}`. Numbers are typed as
 * Brazilians type them ('1.234,56', '1234,56', '1234.56'; docs/adr/0077): the field keeps
 * what the person typed and stores the number it reads.
 */
export function NumberParamField({
  name,
  spec,
  value,
  placeholder,
  onChange,
}: NumberParamFieldProps) {
  const [textChosen, setTextChosen] = useState(() => hasExpression(value));
  // After the toggle the other input takes the place: the caret follows the person there.
  const [toggled, setToggled] = useState(false);
  const asText = textChosen || hasExpression(value);
  const shown = value === undefined ? spec.default : value;

  const toggle = (
    <Tooltip label={asText ? 'Usar número' : 'Usar expressão'}>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={asText ? 'Usar número' : 'Usar expressão'}
        onClick={() => {
          // An expression does not fit a number field: leaving text mode clears it.
          if (asText && hasExpression(value)) onChange(name, '');
          setTextChosen(!asText);
          setToggled(true);
        }}
      >
        {asText ? <IconNumbers size={16} /> : <IconBraces size={16} />}
      </ActionIcon>
    </Tooltip>
  );

  const common = {
    label: <ParamLabel label={spec.label} value={value} />,
    description: spec.description,
    withAsterisk: spec.required,
    placeholder,
    rightSection: toggle,
    autoFocus: toggled,
  };

  if (asText) {
    return (
      <TextInput
        {...common}
        value={shown === undefined || shown === null ? '' : String(shown)}
        onChange={(event) => onChange(name, numberOrText(event.currentTarget.value))}
      />
    );
  }
  return <TypedNumber {...common} value={shown} onChange={(next) => onChange(name, next)} />;
}

type TypedNumberProps = Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'> & {
  value: unknown;
  onChange: (value: number | string) => void;
};

/** A text input for a number: what the person typed stays as typed while it reads the same. */
function TypedNumber({ value, onChange, ...props }: TypedNumberProps) {
  const [typed, setTyped] = useState(() => numberText(value));
  // A value changed from elsewhere (undo, another panel) replaces the text.
  const text = numberOrText(typed) === (value ?? '') ? typed : numberText(value);
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        onChange(numberOrText(event.currentTarget.value));
      }}
    />
  );
}
