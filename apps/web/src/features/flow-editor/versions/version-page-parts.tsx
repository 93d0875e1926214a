import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { errorMessage } from '../../../lib/api/api-error';

/** What a version page shows while its versions load, or when one cannot be read. */
export function VersionPageState({
  pending,
  error,
  children,
}: {
  pending: boolean;
  error: unknown;
  children: () => ReactNode;
}) {
  if (error) {
    return (
      <Center flex={1} p="md">
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      </Center>
    );
  }
  if (pending) {
    return (
      <Center flex={1}>
        <Loader aria-label="Carregando" />
      </Center>
    );
  }
  return children();
}

/** The editor of the flow, the way back from a version page. */
export const editorPath = (flowId: string) => `/flows/${encodeURIComponent(flowId)}`;

/** /flows/{id}/versoes/{n}: a version, read-only. */
export const versionPath = (flowId: string, number: number) =>
  `${editorPath(flowId)}/versoes/${number}`;

/** /flows/{id}/versoes/{n}/comparar[?com=m]: version n against m, else against the current one. */
export const comparePath = (flowId: string, number: number, other?: number) =>
  `${versionPath(flowId, number)}/comparar${other === undefined ? '' : `?com=${other}`}`;
