import type { FastifyInstance } from 'fastify';
import { signIn } from '../../../domain/dashboard/session.service.js';
import { ERRORS, SessionAnswer, SignIn } from '../../../schemas/dashboard/common.schema.js';
import { API_BASE, secureCookies, sessionAnswer } from './auth.js';
import { sessionCookie } from './cookie.js';

/** POST /dashboard/api/v1/session: sign in; the session lives in the `gh_dash` cookie. */
export function registerCreateSession(app: FastifyInstance): void {
  app.post<{ Body: SignIn }>(
    `${API_BASE}/session`,
    {
      schema: {
        summary: 'Sign in to the control panel',
        description:
          'Checks the e-mail and password and sets the `gh_dash` session cookie (HttpOnly, SameSite=Strict, Secure under TLS). 401 `invalid_credentials` for an unknown e-mail or a wrong password alike; 429 `too_many_attempts` with `Retry-After` after 5 failures for one e-mail or 20 from one address within 15 minutes.',
        tags: ['dashboard'],
        body: SignIn,
        response: { 200: SessionAnswer, ...ERRORS },
      },
    },
    async (request, reply): Promise<SessionAnswer> => {
      const signed = await signIn(app.services.deps, { ...request.body, address: request.ip });
      void reply.header('set-cookie', sessionCookie(signed.token.expose(), secureCookies(app)));
      return sessionAnswer(app, signed.user, signed.token);
    },
  );
}
