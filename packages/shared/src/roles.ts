import { z } from 'zod';
import { messages } from './messages';

/**
 * A member's role in a workspace (docs/adr/0106), from the most to the least allowed. The
 * server checks it on every route through the modules' access tables; the interface asks
 * `can` to hide or disable what a role cannot do, with `deniedBecause` as the reason.
 */
export const roles = ['owner', 'admin', 'editor', 'operator', 'viewer'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles, { error: messages.members.roleInvalid });

export const roleNames: Record<Role, string> = {
  owner: 'Proprietário',
  admin: 'Administrador',
  editor: 'Editor',
  operator: 'Operador',
  viewer: 'Leitor',
};

export const roleDescriptions: Record<Role, string> = {
  owner: 'Tudo, inclusive orçamento de IA, novos workspaces e outros proprietários.',
  admin: 'Tudo no workspace, menos o que é do proprietário.',
  editor:
    'Constrói e executa flows e as ferramentas de dados; não gerencia membros, contas de serviço nem configurações.',
  operator:
    'Executa e para flows, acompanha o monitoramento, edita registros e mensagens de filas; não edita flows.',
  viewer: 'Lê tudo, menos segredos.',
};

/** What a route or an action needs, with the pt-BR words of a refusal ("… não permite {words}"). */
export const permissionWords = {
  'flows.read': 'ver flows',
  'flows.write': 'editar flows',
  'flows.run': 'executar e parar flows',
  'executions.read': 'ver execuções',
  'executions.write': 'apagar execuções',
  'logs.read': 'ver logs',
  'approvals.decide': 'decidir aprovações',
  'tables.read': 'ver tabelas',
  'tables.write': 'editar tabelas',
  'records.write': 'editar registros',
  'queues.read': 'ver filas',
  'queues.write': 'editar filas',
  'queues.operate': 'operar filas (mensagens, pausa e limpeza)',
  'storage.read': 'ver arquivos',
  'storage.write': 'editar arquivos',
  'variables.read': 'ver variáveis',
  'variables.write': 'editar variáveis',
  'holidays.read': 'ver feriados',
  'holidays.write': 'editar feriados',
  'forms.read': 'ver formulários',
  'forms.write': 'editar formulários',
  'dashboards.read': 'ver dashboards',
  'dashboards.write': 'editar dashboards',
  'alerts.read': 'ver regras de alerta',
  'alerts.write': 'editar regras de alerta',
  'customNodes.read': 'ver conectores personalizados',
  'customNodes.write': 'editar conectores personalizados',
  'groups.read': 'ver grupos',
  'groups.write': 'editar grupos',
  'serviceAccounts.read': 'ver contas de serviço',
  'serviceAccounts.write': 'gerenciar contas de serviço',
  'members.read': 'ver membros',
  'members.manage': 'gerenciar membros',
  'apiKeys.manage': 'gerenciar tokens de API',
  'workspace.settings': 'alterar as configurações do workspace',
  'audit.read': 'ver o registro de auditoria',
  'lgpd.manage': 'atender titulares e gerenciar a LGPD do workspace',
  'personalData.read': 'ver dados pessoais sem máscara',
  'instance.own': 'gerenciar a instância (orçamento de IA e novos workspaces)',
} as const;
export type Permission = keyof typeof permissionWords;
export const permissionList = Object.keys(permissionWords) as Permission[];

/** The reads every role has; the audit log and personal data unmasked are the administrators'. */
const reads = permissionList.filter(
  (p) => p.endsWith('.read') && p !== 'audit.read' && p !== 'personalData.read',
);
const operating: Permission[] = [
  'flows.run',
  'records.write',
  'queues.operate',
  'approvals.decide',
];
const building: Permission[] = [
  'flows.write',
  'executions.write',
  'tables.write',
  'queues.write',
  'storage.write',
  'variables.write',
  'holidays.write',
  'forms.write',
  'dashboards.write',
  'alerts.write',
  'customNodes.write',
  'groups.write',
];
const administering: Permission[] = [
  'serviceAccounts.write',
  'members.manage',
  'apiKeys.manage',
  'workspace.settings',
  'audit.read',
  'lgpd.manage',
  'personalData.read',
];

const grants: Record<Role, ReadonlySet<Permission>> = {
  viewer: new Set(reads),
  operator: new Set([...reads, ...operating]),
  editor: new Set([...reads, ...operating, ...building]),
  admin: new Set([...reads, ...operating, ...building, ...administering]),
  owner: new Set(permissionList),
};

/** Whether a role may do what the permission names. */
export function can(role: Role, permission: Permission): boolean {
  return grants[role].has(permission);
}

/** The pt-BR refusal: 'Seu papel (Operador) não permite editar flows.' */
export function deniedBecause(role: Role, permission: Permission): string {
  return `Seu papel (${roleNames[role]}) não permite ${permissionWords[permission]}.`;
}

/** The roles a member with `role` may give or take away: an owner any, others up to admin. */
export function assignableRoles(role: Role): Role[] {
  if (role === 'owner') return [...roles];
  return can(role, 'members.manage') ? roles.filter((r) => r !== 'owner') : [];
}

/**
 * What an API key may be given (docs/adr/0106): any permission but managing people, keys and
 * the instance. A key acts only within its scopes; its creator may give only what their role has.
 */
export const apiKeyScopes = permissionList.filter(
  (p) => p !== 'members.manage' && p !== 'apiKeys.manage' && p !== 'instance.own',
);
export type ApiKeyScope = (typeof apiKeyScopes)[number];
export const isApiKeyScope = (permission: Permission): permission is ApiKeyScope =>
  (apiKeyScopes as readonly Permission[]).includes(permission);

/** Whether a key's scopes allow a permission: an area's write scope includes its read. */
export function scopeAllows(scopes: readonly Permission[], permission: Permission): boolean {
  if (scopes.includes(permission)) return true;
  const [area, action] = permission.split('.');
  return action === 'read' && scopes.includes(`${area}.write` as Permission);
}

/** The pt-BR refusal of a key: 'Esta chave de API não permite editar flows.' */
export function keyDeniedBecause(permission: Permission): string {
  return `Esta chave de API não permite ${permissionWords[permission]}.`;
}

/**
 * The roles a member may be limited to some groups in (docs/adr/0109): not owners nor admins,
 * who manage the workspace and its groups.
 */
export const groupLimitableRoles: readonly Role[] = ['editor', 'operator', 'viewer'];
export const groupLimitable = (role: Role) => groupLimitableRoles.includes(role);
