import type { FastifyInstance } from 'fastify';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import { cookieFrom, ORIGIN, type SignedIn } from '../../test/factories';

/** Starts a Try Demo sandbox, as the Try Demo button does: a new visitor with its sample friends. */
export async function tryDemo(app: FastifyInstance): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/email',
    headers: { origin: ORIGIN },
    payload: DEMO_CREDENTIALS,
  });
  const cookie = cookieFrom(res.headers['set-cookie']);
  return { user: res.json().user, cookie, headers: { cookie, origin: ORIGIN } };
}
