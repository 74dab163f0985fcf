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
 * The headers of a JSON answer: OWASP's set for REST APIs (REST Security Cheat Sheet, "Security headers"), through
 * helmet all the same. A JSON answer is never a document that runs scripts, loads subresources, opens windows or
 * follows links, so the page's policies (its script hashes, connect-src, COOP, origin-agent-cluster, referrer
 * policy, IE's and Flash's switches) mean nothing on it: a CSP that allows nothing and no framing, no sniffing into
 * another type, no framing in older browsers, HTTPS only, and no reads by other origins' pages (CORP), in about a
 * third of the bytes (each answer is smaller on the wire and to parse, on the phone's side too).
 */
export const JSON_ANSWER_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The steps of JSON_ANSWER_HEADER_OPTIONS (the same for every app). */
export const JSON_ANSWER_HEADER_STEPS = securityHeaderSteps(JSON_ANSWER_HEADER_OPTIONS);

const jsonTypes = new Map<string, boolean>();

/** Whether a Content-Type is JSON's (`application/json`, with or without parameters, or a `+json` type). */
export function isJsonType(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  // The app sends a handful of types: each is read once.
  let json = jsonTypes.get(type);
  if (json === undefined) {
    const base = type.split(';', 1)[0]!.trim().toLowerCase();
    json = base === 'application/json' || (base.startsWith('application/') && base.endsWith('+json'));
    if (jsonTypes.size < 100) jsonTypes.set(type, json);
  }
  return json;
}

/**
 * Security headers on every answer, exactly helmet's: a JSON answer gets JSON_ANSWER_HEADER_OPTIONS' set, anything
 * else (pages, scripts, styles, images, videos, the API docs, the HTML of a deletion link) the page's `options`.
 * Both are computed once at start (securityHeaderSteps) and set on the raw response as it is sent, by its Content-
 * Type, without walking helmet's chain of middlewares each time. An answer that leaves Fastify (a tus upload,
 * hijacked) sets the JSON set itself before it does.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const page = securityHeaderSteps(options);
  app.addHook('onSend', (_request, reply, payload, done) => {
    applyHeaderSteps(
      reply.raw,
      isJsonType(reply.getHeader('content-type')) ? JSON_ANSWER_HEADER_STEPS : page,
    );
    done(null, payload);
  });
}
