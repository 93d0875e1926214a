import { createCustomNodeLibrary } from '../modules/custom-nodes/custom-node-library';
import { createCustomNodesRepository } from '../modules/custom-nodes/custom-nodes.repository';
import { emailSchema, passwordSchema, personNameSchema } from '@ponte/shared/account.schema';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { workspaceExportSchema, type WorkspaceExport } from '@ponte/shared/workspace-export.schema';
import { createRegistry } from '@ponte/engine/kit/registry';
import { builtinNodes } from '@ponte/engine/nodes/index';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { createAuthService } from '../modules/auth/auth.service';
import { createMemoryLoginThrottle } from '../modules/auth/login-throttle';
import { createTokenIssuer } from '../modules/auth/token-issuer';
import { createSessionTokens } from '../modules/auth/sessions';
import { createFlowsService } from '../modules/flows/flows.service';
import { createVersionsService } from '../modules/versions/versions.service';
import { createGroupsService } from '../modules/groups/groups.service';
import { createUsersService } from '../modules/users/users.service';
import { createVariablesService } from '../modules/variables/variables.service';
import { createHolidaysService } from '../modules/holidays/holidays.service';
import { createWorkspacesRepository } from '../modules/workspaces/workspaces.repository';
import { AppError } from '../lib/app-error';
import { CliError } from './cli-error';
import { exportWorkspace, importWorkspace, type ImportSummary } from './workspace-transfer';
import { flowImportCommand, type FlowImportArgs } from './flow-import-command';

function valid<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CliError(`${flag}: ${result.error.issues[0]?.message ?? 'valor inválido'}`);
}

/** An AppError of a service (e-mail taken…) read as the command's refusal. */
async function asCli<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * What the `ponte` subcommands do, on the server's own services. The secret only signs tokens
 * no one receives here; the node limit of the flows is the customer's own.
 */
export function createPonteCommands(db: Database, jwtSecret: string, now = () => new Date()) {
  const tokens = createSessionTokens({ db, issuer: createTokenIssuer(jwtSecret, now), now });
  const library = createRegistry(builtinNodes);
  const users = createUsersService({ db, tokens, now, nodeLimit: null });
  const services = {
    flows: createFlowsService({
      db,
      now,
      lookup: library.manifest,
      lookupFor: createCustomNodeLibrary({
        repository: createCustomNodesRepository(db),
        builtins: library,
      }).lookupFor,
      nodeLimit: null,
      versions: createVersionsService({ db, now, nameOf: users.nameOf }),
    }),
    groups: createGroupsService({ db, now }),
    variables: createVariablesService({ db, now }),
    holidays: createHolidaysService({ db, now }),
    registers: (node: FlowNode) =>
      Boolean(library.get(node.type, node.typeVersion)?.hookSubscriptions),
  };
  const flowImport = flowImportCommand(db, services.flows);
  const auth = createAuthService({ db, tokens, throttle: createMemoryLoginThrottle(), now });
  const workspaces = createWorkspacesRepository(db);

  async function workspaceOf(ref: string) {
    const found = await workspaces.findByIdOrName(ref.trim());
    if (!found.length) throw new CliError(`Workspace "${ref}" não encontrado.`);
    if (found.length > 1) {
      throw new CliError(
        `Há ${found.length} workspaces chamados "${ref}": informe o id de um deles em --workspace (${found.map((w) => w.id).join(', ')}).`,
      );
    }
    return found[0]!;
  }

  return {
    async exportWorkspace(ref: string): Promise<WorkspaceExport> {
      return exportWorkspace(services, (await workspaceOf(ref)).id);
    },

    async importWorkspace(ref: string, content: unknown): Promise<ImportSummary> {
      const parsed = workspaceExportSchema.safeParse(content);
      if (!parsed.success) {
        throw new CliError(
          'O arquivo não é uma exportação do Ponte (esperado o JSON de `ponte export`).',
        );
      }
      const workspace = await workspaceOf(ref);
      return asCli(() => importWorkspace(services, workspace.id, parsed.data));
    },

    /** `ponte import --from`: the flows of an n8n or Node-RED export (flow-import-command.ts). */
    importFlowsFrom: async (ref: string, ...args: FlowImportArgs) =>
      asCli(async () => flowImport((await workspaceOf(ref)).id, ...args)),

    /**
     * A user in the workspace. On an installation without users, the first account instead:
     * owner of a new customer with a workspace named by `--workspace`.
     */
    async createUser(input: {
      email: unknown;
      name: unknown;
      password: unknown;
      workspace: string;
    }): Promise<'first-account' | 'member'> {
      const body = {
        email: valid(emailSchema, input.email, '--email'),
        name: valid(personNameSchema, input.name, '--name'),
        password: valid(passwordSchema, input.password, '--password'),
      };
      if (await auth.needsSetup()) {
        await asCli(() => auth.setup({ ...body, workspace_name: input.workspace }));
        return 'first-account';
      }
      const workspace = await workspaceOf(input.workspace);
      await asCli(() =>
        users.addUser(
          {
            userId: '',
            workspaceId: workspace.id,
            customerId: workspace.customerId,
            isOwner: true,
            role: 'owner',
            // The operator acts without a session of their own.
            sessionId: '',
            expiresAt: new Date(0),
          },
          body,
        ),
      );
      return 'member';
    },

    async resetPassword(email: unknown, password: unknown): Promise<void> {
      const address = valid(emailSchema, email, '--email');
      const secret = valid(passwordSchema, password, '--password');
      if (!(await users.resetPassword(address, secret))) {
        throw new CliError(`Nenhum usuário com o e-mail ${address}.`);
      }
    },
  };
}

export type PonteCommands = ReturnType<typeof createPonteCommands>;
