import { formatDateTimeMinutes } from '@ponte/shared/format';
import { roleDescriptions, roleNames, type Role } from '@ponte/shared/roles';
import { escapeHtml, type InstanceMail } from '../../adapters/mail/instance-smtp';

export interface InvitationEmailFacts {
  to: string;
  /** Who invited (their name), or null when the account is gone. */
  inviter: string | null;
  workspace: string;
  role: Role;
  link: string;
  expiresAt: Date;
}

/**
 * The e-mail of an invitation, in pt-BR: who invites, to which workspace, with which role (and
 * what it allows), the link and its expiry (DD/MM/YYYY HH:mm, America/Sao_Paulo). The HTML is
 * made of escaped text only: a name cannot become markup.
 */
export function composeInvitationEmail(facts: InvitationEmailFacts): InstanceMail {
  const who = facts.inviter ?? 'Um administrador';
  const expires = formatDateTimeMinutes(facts.expiresAt);
  const role = roleNames[facts.role];
  const lines = [
    `${who} convidou você para o workspace "${facts.workspace}" no Ponte, com o papel ${role}: ${roleDescriptions[facts.role]}`,
    'Para aceitar, abra o link abaixo. Você pode criar uma conta ou entrar com a que já tem.',
    facts.link,
    `O convite vale uma vez, até ${expires} (horário de Brasília).`,
    'Se você não esperava este convite, ignore este e-mail.',
  ];
  const e = escapeHtml;
  const html = [
    `<p><strong>${e(who)}</strong> convidou você para o workspace <strong>${e(facts.workspace)}</strong> no Ponte, com o papel <strong>${e(role)}</strong>: ${e(roleDescriptions[facts.role])}</p>`,
    `<p>${e(lines[1]!)}</p>`,
    `<p><a href="${e(facts.link)}">Aceitar o convite</a></p>`,
    `<p>Ou copie este endereço no navegador: ${e(facts.link)}</p>`,
    `<p>${e(lines[3]!)}</p>`,
    `<p>${e(lines[4]!)}</p>`,
  ].join('\n');
  return {
    to: facts.to,
    subject: `Convite para o workspace ${facts.workspace} no Ponte`,
    text: `${lines.join('\n\n')}\n`,
    html,
  };
}
