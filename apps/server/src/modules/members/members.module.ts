import type { FastifyRequest } from 'fastify';
import { sendInstanceMail, type InstanceSmtp } from '../../adapters/mail/instance-smtp';
import { roleNames } from '@ponte/shared/roles';
import { defineModule } from '../../container/server-module';
import { publicBaseUrl } from '../../lib/public-url';
import { invitationAcceptRoutes, invitationsRoutes } from './invitations.routes';
import { createInvitationsService, type InvitationsService } from './invitations.service';
import { membersAccess } from './members.access';
import { membersRoutes } from './members.routes';
import { createMembersService, type MembersService } from './members.service';

declare module '../../container/provided' {
  interface Provided {
    members: MembersService;
    invitations: InvitationsService;
  }
}

export interface MembersOptions {
  /** The instance SMTP (PONTE_SMTP_URL, read by the alert-rules config): invitations by e-mail. */
  alerts?: { smtp?: InstanceSmtp | null };
}

/** How long an invitation's e-mail may take before the invitation is given up. */
const invitationSendTimeoutMs = 20_000;

/** The workspace's members and their roles (docs/adr/0106). */
export const membersModule = defineModule({
  name: 'members',
  access: membersAccess,
  needs: ['db', 'tokens', 'now', 'publicUrl', 'auth', 'audit', 'log'],
  provides: ['members', 'invitations'],
  tables: ['memberships', 'invitations'],
  create: ({ db, tokens, now, auth, audit, log }, options: MembersOptions) => {
    const smtp = options.alerts?.smtp ?? null;
    return {
      members: createMembersService({ db, tokens }),
      invitations: createInvitationsService({
        db,
        tokens,
        now,
        checkCredentials: auth.checkCredentials,
        // A person who joins is a member change of the audit log (docs/adr/0107); the join is
        // made even when its record could not be written.
        joined: (person) =>
          audit
            .recordChange({
              workspaceId: person.workspaceId,
              userId: person.userId,
              apiKey: null,
              ip: person.ip,
              action: 'create',
              resourceKind: 'members',
              resourceId: person.userId,
              resourceName: person.name,
              detail: `Entrou pelo convite como ${roleNames[person.role]}.`,
              changes: [],
            })
            .catch((error: unknown) => log.error({ err: error }, 'falha no registro de auditoria')),
        sendMail: smtp
          ? (mail) =>
              sendInstanceMail(smtp, mail, {
                signal: AbortSignal.timeout(invitationSendTimeoutMs),
                timeoutMs: invitationSendTimeoutMs,
              })
          : null,
      }),
    };
  },
  routes: {
    api: async (api, { members, invitations, publicUrl }) => {
      await api.register(membersRoutes, { service: members });
      await api.register(invitationsRoutes, {
        service: invitations,
        publicBase: (request: FastifyRequest) => publicBaseUrl(request, publicUrl),
      });
    },
    account: (account, { invitations }) =>
      account.register(invitationAcceptRoutes, { service: invitations }),
  },
});
