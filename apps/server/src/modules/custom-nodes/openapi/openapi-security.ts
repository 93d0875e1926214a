import type { OpenApiSecurityScheme } from '@ponte/shared/custom-nodes-openapi.schema';

/**
 * The Ponte account types a security scheme of the document maps to (docs/adr/0137). An apiKey
 * maps to none: no account type sends a key under a header name of the API's choosing, so the
 * connector reads the key from a variable the person names instead.
 */
export function accountTypesOf(scheme: Omit<OpenApiSecurityScheme, 'account_types'>): string[] {
  switch (scheme.type) {
    case 'http':
      if (scheme.scheme === 'bearer') return ['bearer_token'];
      if (scheme.scheme === 'basic') return ['http_basic'];
      return [];
    case 'oauth2':
    case 'openIdConnect':
      return ['oauth2', 'bearer_token'];
    default:
      return [];
  }
}
