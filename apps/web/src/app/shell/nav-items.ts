import {
  IconActivity,
  IconApi,
  IconBell,
  IconDatabase,
  IconFileText,
  IconFolder,
  IconFolders,
  IconForms,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconPlug,
  IconShieldLock,
  IconStack2,
  IconTopologyStar3,
  IconVariable,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Path prefixes that also make the link active. */
  alsoActiveOn?: string[];
  /** Only this exact path makes the link active. */
  exact?: boolean;
  badge?: string;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** Spec 1 §2.2: the sidebar sections and links, in this order. */
export const navSections: NavSection[] = [
  {
    title: 'Construção',
    items: [
      { label: 'Flows', to: '/flows', icon: IconTopologyStar3 },
      { label: 'Formulários', to: '/forms', icon: IconForms },
      { label: 'Filas internas', to: '/queues', icon: IconStack2 },
      { label: 'Conectores', to: '/custom-nodes', icon: IconPlug },
    ],
  },
  {
    title: 'Armazenamento',
    items: [
      {
        label: 'Banco de dados',
        to: '/database/tables',
        icon: IconDatabase,
        alsoActiveOn: ['/database/entities'],
      },
      { label: 'Storage', to: '/storage', icon: IconFolder, badge: 'beta' },
    ],
  },
  {
    title: 'Monitoramento',
    items: [
      { label: 'Dashboards', to: '/dashboards', icon: IconLayoutDashboard },
      { label: 'Execuções em tempo real', to: '/monitoring/active', icon: IconActivity },
      { label: 'Histórico de execuções', to: '/monitoring/completed', icon: IconHistory },
      { label: 'Logs de monitoramento', to: '/monitoring', icon: IconFileText, exact: true },
      { label: 'Regras de alerta', to: '/alert-rules', icon: IconBell },
    ],
  },
  {
    title: 'Configurações',
    items: [
      { label: 'Variáveis', to: '/variables', icon: IconVariable },
      {
        label: 'Contas de serviço',
        to: '/service-accounts',
        icon: IconKey,
        alsoActiveOn: ['/oauth2/callback'],
      },
      { label: 'Tokens de API', to: '/api-tokens', icon: IconApi },
      { label: 'Grupos', to: '/groups', icon: IconFolders },
      { label: 'LGPD', to: '/lgpd', icon: IconShieldLock },
    ],
  },
];

function underPath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.exact) return pathname === item.to || pathname === `${item.to}/`;
  return [item.to, ...(item.alsoActiveOn ?? [])].some((prefix) => underPath(pathname, prefix));
}
