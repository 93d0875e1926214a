import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { apiKeyScopes, permissionWords, type ApiKeyScope } from '@ponte/shared/roles';

/** 'ver flows' → 'Ver flows'. */
export const scopeLabel = (scope: ApiKeyScope) =>
  permissionWords[scope].charAt(0).toUpperCase() + permissionWords[scope].slice(1);

/**
 * What a new API key may do (docs/adr/0106): one checkbox per scope, in the order of the
 * permissions; an area's 'editar' includes its 'ver'.
 */
export function ScopesPicker({
  value,
  onChange,
  error,
}: {
  value: ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
  error?: string | undefined;
}) {
  return (
    <Checkbox.Group
      label="Escopos"
      description="O que a chave pode fazer. Editar uma área inclui ver essa área."
      value={value}
      onChange={(next) => onChange(apiKeyScopes.filter((scope) => next.includes(scope)))}
      error={error}
      withAsterisk
    >
      <Stack gap={6} mt={8}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
          {apiKeyScopes.map((scope) => (
            <Checkbox key={scope} value={scope} label={scopeLabel(scope)} size="sm" />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {value.length} de {apiKeyScopes.length} escopos escolhidos.
        </Text>
      </Stack>
    </Checkbox.Group>
  );
}
