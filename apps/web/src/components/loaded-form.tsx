import type { ReactNode } from 'react';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { errorMessage } from '../lib/api/api-error';

/**
 * The body of a new/edit form page: while the item of an edit page loads, a loader; when it
 * cannot be read, the error and 'Cancelar' back to `backTo`; otherwise the form.
 */
export function LoadedForm(props: {
  editing: boolean;
  query: { isPending: boolean; isError: boolean; error: unknown };
  backTo: string;
  children: () => ReactNode;
}) {
  const { editing, query, backTo, children } = props;
  const navigate = useNavigate();
  if (editing && query.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (editing && query.isError)
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light">
          {errorMessage(query.error)}
        </Alert>
        <Button variant="default" onClick={() => void navigate(backTo)}>
          Cancelar
        </Button>
      </Stack>
    );
  return children();
}
