import { memo } from 'react';
import { Input, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { unavailableParamKinds } from '@ponte/shared/flow/node-availability';
import { CodeEditor } from '../code-editor/code-editor';
import { ExpressionParam } from '../expression-editor/expression-param';
import { numberOrText, takesExpressions } from './expression';
import { FlowReferenceField } from './flow-reference-field';
import { FormReferenceField } from './form-reference-field';
import { LookupParamField, type LookupNode } from './lookup-param-field';
import { NumberParamField } from './number-param-field';
import { ParamLabel } from './param-label';
import { ServiceAccountField } from './service-account-field';
import { TableParamsField } from './table-params-field';
import { QueueReferenceField } from './queue-reference-field';
import { TableReferenceField } from './table-reference-field';

export interface ParamFieldProps {
  name: string;
  spec: ParamSpec;
  /** The stored value; undefined when the node never set it (the default is shown then). */
  value: unknown;
  outputColumn?: string;
  onChange: (name: string, value: unknown) => void;
  /**
   * The message that reached the node in the run looked at (its last run's input): the
   * expression editor's sample and the 'Valor: …' under an expression. null/absent: none.
   */
  expressionSample?: Record<string, unknown> | null;
  /** The saved flow's id (the preview needs it); null before the first save. */
  flowId?: string | null;
  /** For a param with a picker (`spec.lookup`): the node it asks for. */
  lookupNode?: LookupNode | undefined;
}

export const unlistedReferenceNote =
  'Informe o ID (a lista ainda não está disponível nesta versão).';

/** Strings as they are; other values (from an imported flow) as JSON the person can edit. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return ['true', '1', 'sim', 'yes'].includes(String(value).trim().toLowerCase());
}

/**
 * One manifest param as a form field, by its kind; one that takes `{{ }}` gets the expression
 * editor beside it and its resolved value under it.
 */
export const ParamField = memo(function ParamField(props: ParamFieldProps) {
  const { name, spec, value, onChange, expressionSample, flowId } = props;
  if (!takesExpressions(spec)) return <ParamInput {...props} />;
  return (
    <ExpressionParam
      name={name}
      label={spec.label}
      value={value}
      flowId={flowId}
      sample={expressionSample}
      onChange={(param, next) =>
        onChange(
          param,
          spec.type === 'number' && typeof next === 'string' ? numberOrText(next) : next,
        )
      }
    >
      <ParamInput {...props} />
    </ExpressionParam>
  );
});

function ParamInput({
  name,
  spec,
  value,
  outputColumn,
  onChange,
  expressionSample,
  flowId,
  lookupNode,
}: ParamFieldProps) {
  const fallback = 'default' in spec ? spec.default : undefined;
  const shown = value === undefined ? fallback : value;
  const placeholder =
    spec.placeholder ??
    (fallback !== undefined && typeof fallback !== 'object' ? `Padrão: ${fallback}` : undefined);
  const common = {
    description: spec.description,
    withAsterisk: spec.required,
    placeholder,
  };

  switch (spec.type) {
    case 'text':
      if (spec.lookup && lookupNode) {
        return (
          <LookupParamField
            name={name}
            spec={{ ...spec, lookup: spec.lookup }}
            value={asText(shown)}
            placeholder={placeholder}
            node={lookupNode}
            onChange={onChange}
          />
        );
      }
      return (
        <TextInput
          {...common}
          label={<ParamLabel label={spec.label} value={shown} />}
          value={asText(shown)}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          label={<ParamLabel label={spec.label} value={shown} />}
          value={asText(shown)}
          autosize
          minRows={2}
          maxRows={12}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          label={spec.label}
          data={spec.options}
          value={typeof shown === 'string' && shown ? shown : null}
          allowDeselect={false}
          clearable={!spec.required && spec.default === undefined}
          searchable={spec.options.length > 8}
          onChange={(next) => onChange(name, next ?? '')}
        />
      );
    case 'number':
      return (
        <NumberParamField
          name={name}
          spec={spec}
          value={value}
          placeholder={placeholder}
          onChange={onChange}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={spec.label}
          description={spec.description}
          checked={shown === undefined ? false : asBoolean(shown)}
          onChange={(event) => onChange(name, event.currentTarget.checked)}
        />
      );
    case 'code-editor':
      return (
        <Input.Wrapper
          label={
            <ParamLabel label={spec.label} value={takesExpressions(spec) ? shown : undefined} />
          }
          labelElement="div"
          description={spec.description}
          withAsterisk={spec.required}
        >
          <div style={{ marginTop: 4 }}>
            <CodeEditor
              label={spec.label}
              language={spec.language}
              value={asText(shown)}
              height={220}
              onChange={(next) => onChange(name, next)}
            />
          </div>
        </Input.Wrapper>
      );
    case 'table-params':
      return (
        <TableParamsField
          name={name}
          spec={spec}
          value={value}
          outputColumn={outputColumn}
          onChange={onChange}
          expression={{ flowId, sample: expressionSample }}
        />
      );
    case 'flow':
      return <FlowReferenceField name={name} spec={spec} value={value} onChange={onChange} />;
    case 'table':
      if (!unavailableParamKinds.table)
        return <TableReferenceField name={name} spec={spec} value={value} onChange={onChange} />;
      return <ReferenceTextField name={name} spec={spec} value={value} onChange={onChange} />;
    case 'service_account':
      if (!unavailableParamKinds.service_account)
        return <ServiceAccountField name={name} spec={spec} value={value} onChange={onChange} />;
      return <ReferenceTextField name={name} spec={spec} value={value} onChange={onChange} />;
    case 'queue':
      if (!unavailableParamKinds.queue)
        return <QueueReferenceField name={name} spec={spec} value={value} onChange={onChange} />;
      return <ReferenceTextField name={name} spec={spec} value={value} onChange={onChange} />;
    case 'form':
      if (!unavailableParamKinds.form)
        return <FormReferenceField name={name} spec={spec} value={value} onChange={onChange} />;
      return <ReferenceTextField name={name} spec={spec} value={value} onChange={onChange} />;
  }
}

/** A reference without a list: the id typed, or disabled with the reason (ADR 0014). */
function ReferenceTextField({
  name,
  spec,
  value,
  onChange,
}: Pick<ParamFieldProps, 'name' | 'spec' | 'value' | 'onChange'>) {
  const unavailable = unavailableParamKinds[spec.type];
  if (unavailable) {
    return (
      <TextInput
        label={spec.label}
        withAsterisk={spec.required}
        description={unavailable}
        value={asText(value)}
        disabled
        readOnly
      />
    );
  }
  return (
    <TextInput
      label={spec.label}
      withAsterisk={spec.required}
      description={[spec.description, unlistedReferenceNote].filter(Boolean).join(' ')}
      placeholder={spec.placeholder}
      value={asText(value)}
      onChange={(event) => onChange(name, event.currentTarget.value.trim())}
    />
  );
}
