// The reference for `npm run bench`: a bare Fastify server answering GET /ref/<n> with the bytes of file n
// (argv), as JSON, and GET /ready. Nothing else: no hooks, no plugins, no database.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, ...files] = process.argv.slice(2);
const bodies = files.map((f) => readFileSync(f));
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ok: true }));
app.get('/ref/:n', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(bodies[Number(request.params.n)]);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
