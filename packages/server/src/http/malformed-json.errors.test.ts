import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientErrorHandler } from './client/errors.js';
import { restErrorHandler } from './rest/errors.js';
import { sessionErrorHandler } from './session/errors.js';

type Handler = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * "Malformed JSON" is the caller's fault and says nothing was processed; it must answer only a body
 * that did not parse. A SyntaxError raised while serving a request (a stored value that does not parse,
 * a bug) is ours: the generic internal error, logged, never a 400 that tells the caller to fix a body
 * it sent correctly. Each interface's real error handler, on a real Fastify instance.
 */
describe.each<[string, Handler]>([
  ['REST', restErrorHandler],
  ['session', sessionErrorHandler],
  ['client', clientErrorHandler],
])('the %s error handler', (_name, handler) => {
  async function serve() {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handler);
    app.post('/echo', async (request) => ({ got: request.body }));
    app.post('/boom', async () => JSON.parse('{"stored":') as unknown);
    await app.ready();
    return app;
  }

  it('answers a body that does not parse as malformed JSON', async () => {
    const app = await serve();
    const r = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(r.body).toContain('Malformed JSON');
    expect(r.statusCode).toBeLessThan(500);
    await app.close();
  });

  it('answers a SyntaxError raised while serving as an internal error, without its message', async () => {
    const app = await serve();
    const r = await app.inject({
      method: 'POST',
      url: '/boom',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(r.body).not.toContain('Malformed JSON');
    expect(r.body).not.toContain('stored');
    expect(r.body).not.toMatch(/JSON at position|Unexpected end/);
    expect(r.body).toMatch(/Internal system error|General error/);
    await app.close();
  });
});
