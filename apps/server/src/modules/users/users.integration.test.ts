import { deniedBecause } from '@ponte/shared/roles';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { meSchema, userSchema } from '@ponte/shared/account.schema';
import { useTestApp, testPassword, type TestContext } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

function signIn(t: TestContext, email: string, password: string) {
  return t.request(null).post('/account/v1/authenticate', { email, password });
}

describeEachDriver('users', (driver) => {
  const t = useTestApp(driver);

  it('shows the signed-in user and their customer', async () => {
    const account = await t.createAccount({ workspaceName: 'Loja' });
    const res = await t.request(account.token).get('/api/v1/users/me');
    expect(res.statusCode).toBe(200);
    expect(meSchema.parse(res.json())).toEqual({
      _id: account.userId,
      email: account.email,
      name: 'Pessoa de Teste',
      is_owner: true,
      customer: { _id: account.customerId, name: 'Loja', config: { node_limit: 50 } },
    });
  });

  it('changes the name (trimmed) and validates it', async () => {
    const api = t.request((await t.createAccount()).token);
    const saved = await api.put('/api/v1/users/me', { name: '  Maria Lima ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().name).toBe('Maria Lima');
    expect((await api.get('/api/v1/users/me')).json().name).toBe('Maria Lima');

    const blank = await api.put('/api/v1/users/me', { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.account.nameRequired);
    const long = await api.put('/api/v1/users/me', { name: 'x'.repeat(121) });
    expect(long.json().message).toBe(messages.account.nameTooLong);
    expect((await api.get('/api/v1/users/me')).json().name).toBe('Maria Lima');
  });

  it('changes the password: older sessions stop working, the new one works', async () => {
    const account = await t.createAccount();
    t.clock.advance(2_000);
    const api = t.request(account.token);

    const wrong = await api.put('/api/v1/users/me/password', {
      current_password: 'nao-e-esta',
      new_password: 'nova-senha-123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: messages.account.currentPasswordWrong,
      details: [{ field: 'current_password', message: messages.account.currentPasswordWrong }],
    });
    const short = await api.put('/api/v1/users/me/password', {
      current_password: testPassword,
      new_password: '123',
    });
    expect(short.json().message).toBe(messages.account.passwordTooShort);
    expect((await api.get('/api/v1/users/me')).statusCode).toBe(200);
    // A session opened in the same second as the change ends too.
    const elsewhere = (await signIn(t, account.email, testPassword)).json().token as string;

    const changed = await api.put('/api/v1/users/me/password', {
      current_password: testPassword,
      new_password: 'nova-senha-123',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;

    const old = await api.get('/api/v1/users/me');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({
      statusCode: 401,
      code: 'unauthorized',
      message: messages.generic.unauthorized,
    });
    expect((await t.request(fresh).get('/api/v1/users/me')).statusCode).toBe(200);
    expect((await t.request(elsewhere).get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await t.request(elsewhere).put('/api/v1/users/refresh')).statusCode).toBe(401);
    expect((await signIn(t, account.email, testPassword)).statusCode).toBe(401);
    expect((await signIn(t, account.email, 'nova-senha-123')).statusCode).toBe(200);
  });

  it('lets the owner add a user to the current workspace', async () => {
    const owner = await t.createAccount({ workspaceName: 'Matriz' });
    const res = await t.request(owner.token).post('/account/v1/users', {
      name: ' Carlos ',
      email: 'Carlos.Dias@Exemplo.com.br',
      password: 'senha-do-carlos',
    });
    expect(res.statusCode).toBe(201);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({ name: 'Carlos', email: 'carlos.dias@exemplo.com.br' });

    const token = (await signIn(t, 'carlos.dias@exemplo.com.br', 'senha-do-carlos')).json().token;
    const carlos = t.request(token);
    const me = (await carlos.get('/api/v1/users/me')).json();
    expect(me).toMatchObject({
      _id: user._id,
      is_owner: false,
      customer: { _id: owner.customerId },
    });
    expect((await carlos.get('/api/v1/workspaces/current')).json()._id).toBe(owner.workspaceId);

    const again = await carlos.post('/account/v1/users', {
      name: 'Outro',
      email: 'outro@exemplo.com.br',
      password: 'senha-do-outro',
    });
    expect(again.statusCode).toBe(403);
    // A new person is an Editor: adding people is for owners and admins (docs/adr/0106).
    expect(again.json()).toEqual({
      statusCode: 403,
      code: 'role_denied',
      message: deniedBecause('editor', 'members.manage'),
    });
    expect((await signIn(t, 'outro@exemplo.com.br', 'senha-do-outro')).statusCode).toBe(401);
  });

  it('refuses an e-mail that already has a user, whatever its case', async () => {
    const owner = await t.createAccount();
    const other = await t.createAccount();
    const res = await t.request(owner.token).post('/account/v1/users', {
      name: 'Cópia',
      email: other.email.toUpperCase(),
      password: 'senha-qualquer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'conflict', message: messages.account.emailTaken });
    const invalid = await t.request(owner.token).post('/account/v1/users', {
      name: 'Sem e-mail',
      email: 'nao-e-email',
      password: 'senha-qualquer',
    });
    expect(invalid.json().message).toBe(messages.account.emailInvalid);
  });
});
