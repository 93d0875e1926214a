/** The parts of an OpenAPI document this module rewrites. */
interface OperationObject {
  operationId?: string;
  parameters?: { in?: string; name?: string }[];
  [key: string]: unknown;
}
type PathItem = Record<string, OperationObject>;

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `values-count` → `ValuesCount`, `oauth2` → `Oauth2`. */
function pascal(segment: string): string {
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * The operation's id, from its method and path alone (ADR 0083), so it stays the same however
 * the routes are ordered: the method, then each segment in PascalCase, a parameter as
 * `By<Name>`; `/api` and the version segment are left out (`/account/v1` keeps `account`).
 * `GET /api/v1/groups/{id}` → `getGroupsById`; `POST /account/v1/workspaces/switch` →
 * `postAccountWorkspacesSwitch`.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path.split('/').filter((segment, index) => {
    if (!segment) return false;
    if (index === 1 && segment === 'api') return false;
    return !/^v\d+$/.test(segment);
  });
  const words = segments.map((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    return parameter ? `By${pascal(parameter[1]!)}` : pascal(segment);
  });
  return method.toLowerCase() + words.join('');
}

/**
 * Fastify's wildcard (`/webhook/:flowId/*`) becomes `{*}` in the document, a parameter no
 * client can name: it is written `{path}`, the name the webhook's own docs give it.
 */
function namedWildcard(path: string): string {
  return path.replace(/\{\*\}/g, '{path}');
}

/** Gives every operation its id and names the wildcard parameter; returns the new paths. */
export function withOperationIds(
  paths: Record<string, object | undefined>,
): Record<string, PathItem> {
  const named: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths)) {
    const target = namedWildcard(path);
    const operations: PathItem = {};
    for (const [method, operation] of Object.entries((item ?? {}) as PathItem)) {
      if (!httpMethods.has(method)) {
        operations[method] = operation;
        continue;
      }
      operations[method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdOf(method, target),
        ...(operation.parameters
          ? {
              parameters: operation.parameters.map((parameter) =>
                parameter.in === 'path' && parameter.name === '*'
                  ? { ...parameter, name: 'path' }
                  : parameter,
              ),
            }
          : {}),
      };
    }
    named[target] = operations;
  }
  return named;
}
