// The few calls of Ponte's HTTP API that check-image.mjs makes: the first account, a sign-in
// and an active webhook flow that answers the call itself.

const account = {
  name: 'Operadora',
  email: 'operadora@exemplo.com.br',
  password: 'senha-da-imagem-1',
  workspace_name: 'Principal',
};

async function json(url, init) {
  const reply = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await reply.text();
  return { status: reply.status, body: text ? JSON.parse(text) : undefined };
}

/** Creates the first account (setup) and signs in; gives the session token. */
export async function setUpAccount(url) {
  const setup = await json(`${url}/account/v1/setup`, {
    method: 'POST',
    body: JSON.stringify(account),
  });
  if (setup.status >= 300)
    throw new Error(`Criar a primeira conta: ${setup.status} ${JSON.stringify(setup.body)}`);
  const signIn = await json(`${url}/account/v1/authenticate`, {
    method: 'POST',
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (signIn.status !== 200)
    throw new Error(`Entrar: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return signIn.body.token;
}

/** An active flow: POST /engine/webhook/{id}/eco answers 'Recebido: <nome>'. */
export async function createWebhookFlow(url, token) {
  const nodes = [
    {
      uid: 'n0',
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: 'eco', response: 'respond_node' },
    },
    {
      uid: 'n1',
      type: 'core_respond_webhook',
      params: { body: 'Recebido: {{ msg.payload.nome }}' },
    },
  ].map((node, index) => ({ ...node, position: { x: index * 260, y: 0 } }));
  const created = await json(`${url}/api/v1/flows`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Eco da imagem',
      enabled: true,
      data: {
        version: 1,
        nodes,
        edges: [{ id: 'n0:default->n1', source: 'n0', sourceOutput: 'default', target: 'n1' }],
      },
    }),
  });
  if (created.status !== 201)
    throw new Error(`Criar o flow: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body._id;
}
