import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One step helmet takes on a response: set a header, or remove one. */
export type HeaderStep = readonly [name: string, value: string] | readonly [name: string];

/**
 * What helmet does to every response with these options, found once by running its middleware on a stand-in
 * response. Our options hold no per-request parts (no nonce functions), so the steps are the same for every
 * request; an option that made them depend on the request is refused here rather than silently frozen.
 */
export function securityHeaderSteps(options: HelmetOptions): HeaderStep[] {
  const middleware = helmet(options);
  const first = recordSteps(middleware);
  // A value computed per response (a nonce) would differ between two runs.
  if (JSON.stringify(recordSteps(middleware)) !== JSON.stringify(first))
    throw new Error('helmet sets headers that differ per response; they cannot be computed once');
  return first;
}

function recordSteps(middleware: ReturnType<typeof helmet>): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      steps.push([name, value]);
    },
    removeHeader(name: string) {
      steps.push([name]);
    },
  };
  let failed: unknown;
  let finished = false;
  const request = new Proxy(
    {},
    {
      get() {
        throw new Error('helmet read the request: its headers would differ per request');
      },
    },
  );
  middleware(request as never, recorder as never, (err?: unknown) => {
    failed = err;
    finished = true;
  });
  if (failed) throw failed;
  if (!finished) throw new Error('helmet did not finish synchronously');
  return steps;
}

/** Applies the steps to a raw response, as helmet itself would (also kept on hijacked answers, e.g. tus). */
export function applyHeaderSteps(res: ServerResponse, steps: readonly HeaderStep[]) {
  for (const step of steps) {
    if (step.length === 2) res.setHeader(step[0], step[1]);
    else res.removeHeader(step[0]);
  }
}

/**
 * Security headers (CSP and the rest of helmet's set) on every answer, exactly helmet's: computed once at start
 * (securityHeaderSteps) and set on the raw response per request, without walking helmet's chain of thirteen
 * middlewares each time.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const steps = securityHeaderSteps(options);
  app.addHook('onRequest', (_request, reply, done) => {
    applyHeaderSteps(reply.raw, steps);
    done();
  });
}
