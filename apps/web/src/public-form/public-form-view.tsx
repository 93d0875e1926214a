import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Box, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { FormSubmitAnswer, PublicForm } from '@ponte/shared/forms.schema';
import { formMessages } from '@ponte/shared/messages-forms';
import { FieldInput, fieldInputId } from './field-input';
import { FormOutcome } from './form-outcome';
import { orderedFiles, submitValues } from './form-values';
import { submitForm } from './public-form-api';
import classes from './public-form.module.css';
import { SafeHtml } from '../components/safe-html';
import { useFormState } from './use-form-state';

const texts = formMessages.public;

/** Moves the person to the first field with an error, in the form's order. */
function focusFirst(form: PublicForm, codes: string[]) {
  const first = form.fields.find((field) => codes.includes(field.name));
  if (!first) return;
  const element = document.getElementById(fieldInputId(first.name));
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element?.focus();
}

function Sending({ waiting }: { waiting: boolean }) {
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{waiting ? texts.waiting : texts.sending}</Text>
      </Group>
      {waiting && <Progress value={100} animated striped aria-label={texts.waiting} />}
    </Stack>
  );
}

interface FilledFormProps {
  form: PublicForm;
  pin: string | undefined;
  onAnswer: (answer: FormSubmitAnswer) => void;
}

/** The form to fill: its fields side by side by width, checked as typed, sent as multipart. */
function FilledForm({ form, pin, onAnswer }: FilledFormProps) {
  const state = useFormState(form.fields);
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // 'Verifique os campos destacados' lasts as long as some field is still wrong.
  const shownAlert = alert === texts.invalidSummary && !state.hasErrors ? null : alert;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.preview || sending) return;
    state.markSubmitted();
    const codes = Object.keys(state.live);
    if (codes.length) {
      setAlert(texts.invalidSummary);
      focusFirst(form, codes);
      return;
    }
    setAlert(null);
    setSending(true);
    const values = submitValues(form.fields, state.values);
    const answer = await submitForm(form._id, values, orderedFiles(form.fields, state.files), pin);
    setSending(false);
    if (answer.kind === 'answer') return onAnswer(answer.answer);
    const { refusal } = answer;
    setAlert(refusal.message);
    if (Object.keys(refusal.fields).length) {
      state.pinErrors(refusal.fields);
      focusFirst(form, Object.keys(refusal.fields));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="lg">
        <fieldset className={classes.fieldset} disabled={sending}>
          <div className={classes.fields}>
            {form.fields.map((field, index) =>
              field.type === 'hidden' ? null : (
                <Box
                  key={`${field.name}-${index}`}
                  className={classes.field}
                  style={{
                    ['--field-width' as string]:
                      field.type === 'separator' ? '100%' : `${field.width_percent}%`,
                  }}
                  data-field={field.name}
                  onBlur={() => state.touch(field.name)}
                >
                  <FieldInput
                    field={field}
                    value={state.values[field.name]}
                    files={state.files[field.name] ?? []}
                    error={state.errorOf(field)}
                    onChange={(value) => state.setValue(field.name, value)}
                    onFiles={(list, refusal) => state.setFiles(field.name, list, refusal)}
                  />
                </Box>
              ),
            )}
          </div>
        </fieldset>
        {shownAlert && (
          <Alert color="red" role="alert">
            {shownAlert}
          </Alert>
        )}
        {form.preview && (
          <Text size="sm" c="dimmed">
            {texts.previewSubmit}
          </Text>
        )}
        {sending ? (
          <Sending waiting={form.wait_flow_result} />
        ) : (
          <Group>
            <Button type="submit" disabled={form.preview}>
              {texts.submit}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** A loaded form: its message, then the form or, once sent, the outcome. */
export function PublicFormView({ form, pin }: { form: PublicForm; pin: string | undefined }) {
  const [answer, setAnswer] = useState<FormSubmitAnswer | null>(null);
  const [round, setRound] = useState(0);
  if (answer)
    return (
      <FormOutcome
        form={form}
        answer={answer}
        onBack={() => {
          setAnswer(null);
          setRound((current) => current + 1);
        }}
      />
    );
  return (
    <Stack gap="md">
      <SafeHtml html={form.message} />
      <FilledForm key={round} form={form} pin={pin} onAnswer={setAnswer} />
    </Stack>
  );
}
