// The yardstick of `npm run bench:api`: a bare Fastify (the same package and version as the
// server) answering one small JSON body, with no logger, plugins or database. PORT and HOST from
// the environment; stops on SIGTERM.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ data: { hello: 'world' } }));
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
