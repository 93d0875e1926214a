import { emailSchema, passwordSchema } from '@ponte/shared/account.schema';
import { ConfigError } from '../../config/config-error';
import { defineModuleConfig } from '../../config/module-config';

/** The first account, created at start when there is no user yet (both variables or none). */
export const authConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_ADMIN_EMAIL',
      default: null,
      description: 'E-mail do primeiro usuário, criado na partida se ainda não houver nenhum.',
    },
    {
      name: 'PONTE_ADMIN_PASSWORD',
      default: null,
      description: 'Senha do primeiro usuário (junto com PONTE_ADMIN_EMAIL).',
    },
  ],
  envShape: {
    PONTE_ADMIN_EMAIL: emailSchema.optional(),
    PONTE_ADMIN_PASSWORD: passwordSchema.optional(),
  },
  read: (parsed) => {
    const email = parsed.PONTE_ADMIN_EMAIL;
    const password = parsed.PONTE_ADMIN_PASSWORD;
    if ((email === undefined) !== (password === undefined)) {
      const missing = email === undefined ? 'PONTE_ADMIN_EMAIL' : 'PONTE_ADMIN_PASSWORD';
      throw new ConfigError(
        `A variável de ambiente ${missing} é obrigatória quando PONTE_ADMIN_EMAIL ou PONTE_ADMIN_PASSWORD é informada.`,
      );
    }
    return {
      admin: email !== undefined && password !== undefined ? { email, password } : null,
    };
  },
});
