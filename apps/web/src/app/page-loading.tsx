import { Center, Loader } from '@mantine/core';

/** A page that is still loading its code. */
export function PageLoading() {
  return (
    <Center h="100vh">
      <Loader size="sm" aria-label="Carregando" />
    </Center>
  );
}
