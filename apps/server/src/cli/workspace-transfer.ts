import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { WorkspaceExport } from '@ponte/shared/workspace-export.schema';
import { formatBrazilianDay } from '@ponte/shared/holidays.schema';
import { AppError } from '../lib/app-error';
import type { FlowsService } from '../modules/flows/flows.service';
import type { GroupsService } from '../modules/groups/groups.service';
import type { VariablesService } from '../modules/variables/variables.service';
import type { HolidaysService } from '../modules/holidays/holidays.service';
import { CliError } from './cli-error';

export interface TransferServices {
  flows: FlowsService;
  groups: GroupsService;
  variables: VariablesService;
  holidays: HolidaysService;
  /**
   * Whether a node's trigger registers its address at its service (Telegram, Trello): only the
   * running server can, from a request's public address (docs/adr/0091).
   */
  registers(node: FlowNode): boolean;
}

const pageSize = 100;

/** Every item of a paged list. */
async function allPages<T>(
  read: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await read(page);
    all.push(...items);
    if (!items.length || all.length >= total) return all;
  }
}

/** Flows (with their documents), variables, holidays and groups of the workspace. */
export async function exportWorkspace(
  services: TransferServices,
  workspaceId: string,
): Promise<WorkspaceExport> {
  const groups = await allPages((page) =>
    services.groups.list(workspaceId, { page, limit: pageSize }),
  );
  const variables = await allPages((page) =>
    services.variables.list(workspaceId, { page, limit: pageSize }),
  );
  const holidays = await allPages((page) =>
    services.holidays.list(workspaceId, { page, limit: pageSize }),
  );
  const listed = await allPages((page) =>
    services.flows.list(workspaceId, { page, limit: pageSize, status: 'all' }),
  );
  const flows = [];
  for (const { _id } of listed) {
    const flow = await services.flows.get(workspaceId, _id);
    flows.push({
      name: flow.name,
      enabled: flow.enabled,
      group: flow.group,
      variables: flow.variables,
      data: flow.data,
      description: flow.description,
      config: flow.config,
    });
  }
  return {
    version: 1,
    groups: groups.map(({ _id, name }) => ({ _id, name })),
    variables: variables.map(({ name, key, value }) => ({ name, key, value })),
    holidays: holidays.map(({ date, name, recurring }) => ({ date, name, recurring })),
    flows,
  };
}

/** A holiday's day as the unique indexes see it: its date, or its month and day when yearly. */
const dayOf = (holiday: { date: string; recurring: boolean }) =>
  holiday.recurring ? `todo ${holiday.date.slice(5)}` : holiday.date;

/** Stops the import when a holiday of the file falls on a day the workspace already has one. */
async function refuseTakenDays(
  services: TransferServices,
  workspaceId: string,
  holidays: WorkspaceExport['holidays'],
): Promise<void> {
  const existing = await allPages((page) =>
    services.holidays.list(workspaceId, { page, limit: pageSize }),
  );
  const days = new Set(existing.map(dayOf));
  const taken = holidays.filter((holiday) => days.has(dayOf(holiday)));
  if (!taken.length) return;
  throw new CliError(
    `Nada foi importado: o workspace já tem feriados nestes dias: ${taken
      .map(
        (holiday) => `${formatBrazilianDay(holiday.date)}${holiday.recurring ? ' (todo ano)' : ''}`,
      )
      .join(', ')}. Apague esses feriados e importe de novo.`,
  );
}

export interface ImportSummary {
  groups: number;
  variables: number;
  holidays: number;
  flows: number;
  /** The enabled flows added disabled: a trigger of theirs is registered when enabled in the UI. */
  disabled: string[];
}

/**
 * Adds the file's content to the workspace and never changes what is there: a group whose name
 * exists is reused; a variable whose key exists, a holiday on a day the workspace already has
 * one (holidays.service's rule), or a flow the save rules refuse, stops the import before
 * anything is written; flows are always added as new flows. An enabled flow whose
 * trigger registers its address at a service is added disabled (the summary names it).
 */
export async function importWorkspace(
  services: TransferServices,
  workspaceId: string,
  file: WorkspaceExport,
): Promise<ImportSummary> {
  const existingKeys = new Set(
    (await allPages((page) => services.variables.list(workspaceId, { page, limit: pageSize }))).map(
      (variable) => variable.key,
    ),
  );
  const taken = file.variables.filter((variable) => existingKeys.has(variable.key));
  if (taken.length) {
    throw new CliError(
      `Nada foi importado: o workspace já tem variáveis com estas chaves: ${taken
        .map((variable) => variable.key)
        .join(', ')}. Renomeie ou apague essas variáveis e importe de novo.`,
    );
  }

  await refuseTakenDays(services, workspaceId, file.holidays);

  for (const flow of file.flows) {
    try {
      await services.flows.check(workspaceId, flow);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new CliError(
        `Nada foi importado: o flow "${flow.name}" não pode ser importado (${error.message}).`,
      );
    }
  }

  const existingGroups = new Map(
    (await allPages((page) => services.groups.list(workspaceId, { page, limit: pageSize }))).map(
      (group) => [group.name, group._id],
    ),
  );
  const groupIds = new Map<string, string>();
  let groups = 0;
  for (const group of file.groups) {
    let id = existingGroups.get(group.name);
    if (!id) {
      id = (await services.groups.create(workspaceId, group.name))._id;
      groups++;
    }
    groupIds.set(group._id, id);
  }
  for (const variable of file.variables) {
    await services.variables.create(workspaceId, variable);
  }
  for (const holiday of file.holidays) {
    await services.holidays.create(workspaceId, holiday, null);
  }
  const disabled: string[] = [];
  for (const flow of file.flows) {
    const nodes = (flow.data as FlowDocument | undefined)?.nodes ?? [];
    const registering =
      flow.enabled && nodes.some((node) => !node.disabled && services.registers(node));
    if (registering) disabled.push(flow.name);
    await services.flows.create(workspaceId, {
      ...flow,
      enabled: flow.enabled && !registering,
      group: flow.group ? (groupIds.get(flow.group) ?? null) : null,
    });
  }
  return {
    groups,
    variables: file.variables.length,
    holidays: file.holidays.length,
    flows: file.flows.length,
    disabled,
  };
}
