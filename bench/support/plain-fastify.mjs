// The ceiling of the webhook bench: the same work as the flows (read the order, add the prices
// or mark it, answer 201 with a header) in plain Fastify handlers, nothing stored.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/pedidos/novo', async (request, reply) => {
  const { itens } = request.body;
  const total = itens.reduce((sum, item) => sum + item.preco, 0);
  return reply.code(201).header('X-Pedido', 'ok').send({ total });
});
app.post('/pedidos/marcar', async (request, reply) =>
  reply
    .code(201)
    .header('X-Pedido', 'ok')
    .send({ ...request.body, status: 'recebido' }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
