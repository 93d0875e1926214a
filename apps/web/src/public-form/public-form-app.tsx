import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { PublicForm } from '@ponte/shared/forms.schema';
import { formMessages } from '@ponte/shared/messages-forms';
import { sessionKeys } from '../lib/session/session-store';
import { fetchDefinition, formIdFromPath } from './public-form-api';
import classes from './public-form.module.css';
import { PinScreen } from './pin-screen';
import { PublicFormView } from './public-form-view';

const texts = formMessages.public;

type Screen =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'locked'; form: PublicForm; error: string | null; checking: boolean }
  | { kind: 'form'; form: PublicForm; pin: string | undefined };

function storedToken(): string | undefined {
  try {
    return window.localStorage.getItem(sessionKeys.token) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the definition; a draft answers 404 to the public, so with a session token stored by
 * the app the definition is asked again as its member (preview).
 */
async function loadForm(id: string): Promise<Screen> {
  const answer = await fetchDefinition(id);
  if (answer.kind === 'form')
    return answer.form.locked
      ? { kind: 'locked', form: answer.form, error: null, checking: false }
      : { kind: 'form', form: answer.form, pin: undefined };
  const token = answer.refusal.status === 404 ? storedToken() : undefined;
  if (token) {
    const preview = await fetchDefinition(id, { token });
    if (preview.kind === 'form') return { kind: 'form', form: preview.form, pin: undefined };
    return { kind: 'missing', message: preview.refusal.message };
  }
  return { kind: 'missing', message: answer.refusal.message };
}

/** The public form page: served by the engine at /engine/forms/{id}, with no session. */
export function PublicFormApp() {
  const [id] = useState(() => formIdFromPath(window.location.pathname));
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void loadForm(id).then((next) => live && setScreen(next));
    return () => {
      live = false;
    };
  }, [id]);

  const title = screen.kind === 'locked' || screen.kind === 'form' ? screen.form.title : '';
  useEffect(() => {
    document.title = title || 'Formulário';
  }, [title]);

  const enterPin = useCallback(
    async (form: PublicForm, pin: string) => {
      setScreen({ kind: 'locked', form, error: null, checking: true });
      const answer = await fetchDefinition(id, { pin });
      if (answer.kind === 'form' && !answer.form.locked)
        return setScreen({ kind: 'form', form: answer.form, pin });
      const error = answer.kind === 'refused' ? answer.refusal.message : texts.pinWrong;
      setScreen({ kind: 'locked', form, error, checking: false });
    },
    [id],
  );

  return (
    <main className={classes.page}>
      <Card className={classes.card} withBorder shadow="sm" padding="lg" radius="md">
        {screen.kind === 'loading' && (
          <Center py="xl">
            <Loader aria-label={texts.loading} />
          </Center>
        )}
        {screen.kind === 'missing' && (
          <Stack gap="sm" py="md">
            <Title order={1} size="h3">
              Formulário
            </Title>
            <Text>{screen.message}</Text>
          </Stack>
        )}
        {(screen.kind === 'locked' || screen.kind === 'form') && (
          <Stack gap="md">
            {screen.kind === 'form' && screen.form.preview && (
              <Alert color="yellow">{texts.previewBanner}</Alert>
            )}
            {screen.form.title && (
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {screen.form.title}
              </Title>
            )}
            {screen.kind === 'locked' ? (
              <PinScreen
                error={screen.error}
                checking={screen.checking}
                onEnter={(pin) => void enterPin(screen.form, pin)}
              />
            ) : (
              <PublicFormView form={screen.form} pin={screen.pin} />
            )}
          </Stack>
        )}
      </Card>
    </main>
  );
}
