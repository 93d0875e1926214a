import type { RouteObject } from 'react-router';
import { UnderConstructionPage } from '../components/under-construction-page';
import { titled } from './route-title';

/** Routes of both specs whose areas this version does not have yet: [path, page title]. */
const placeholders: [string, string][] = [
  ['alert-rules', 'Regras de alerta'],
  ['alert-rules/new', 'Nova regra de alerta'],
  ['alert-rules/edit/:id', 'Editar regra de alerta'],
  ['alert-rules/delete/:id', 'Remover regra de alerta'],
];

export const placeholderRoutes: RouteObject[] = placeholders.map(([path, title]) => ({
  path,
  element: <UnderConstructionPage key={path} title={title} />,
  ...titled(title),
}));

/** Whether a sidebar link leads to an area shown as 'Em construção'. */
export function isPlaceholderPath(to: string): boolean {
  return placeholders.some(([path]) => `/${path}` === to);
}
