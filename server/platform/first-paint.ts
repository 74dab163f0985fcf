import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A direct load of a bottom-navigation screen by someone signed in gets the screen already drawn in the page: the
 * client's own components rendered here with the screen's data (client/app/first-paint.tsx, built into dist/ssr),
 * in place of the splash, and that data handed to the app in the page (`#first-data`), so the app draws the same
 * screen without asking again. The data comes from the app's own routes, asked in process with the page request's
 * cookie: the person sees exactly what the API would answer them, and nothing it would refuse. Anyone else (no
 * session, another path, a failed call, no renderer built) gets the plain page. The page is then private to that
 * person: never stored by a cache.
 */
export type Renderer = {
  firstPaintPaths: string[];
  renderFirstPaint: (
    pathname: string,
    ask: (url: string, init: RequestInit) => Promise<Response>,
  ) => Promise<{ html: string; state: unknown } | null>;
};

/** The renderer built next to the client (dist/ssr/first-paint.mjs), or null when it was not built. */
export async function loadRenderer(clientDir: string): Promise<Renderer | null> {
  const file = path.join(clientDir, '..', 'ssr', 'first-paint.mjs');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

const SPLASH = /<div id="splash">[\s\S]*?<\/div>\s*(?=<div id="root">)/;

/** Text safe inside a <script> element: no `</script>`, no `<!--`, whatever a person typed into a title. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page with `html` drawn where the splash is and `state` handed over before the app's script. */
export function pageWithFirstPaint(indexHtml: string, html: string, state: unknown): string | null {
  if (!SPLASH.test(indexHtml)) return null;
  return (
    indexHtml
      // inert: a picture until the app draws the screen, so a tap on it does nothing rather than half of something.
      .replace(SPLASH, () => `<div id="splash" data-first-paint="" inert="">${html}</div>\n    `)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"></div>\n    <script type="application/json" id="first-data">${scriptSafeJson(state)}</script>`,
      )
  );
}

/** The page for `request` with its screen drawn, or null for the plain page. */
export async function firstPaint(
  app: FastifyInstance,
  renderer: Renderer,
  indexHtml: string,
  request: FastifyRequest,
): Promise<string | null> {
  const cookie = request.headers.cookie;
  const pathname = request.url.split('?')[0] ?? '/';
  if (!cookie || request.url.includes('?') || !renderer.firstPaintPaths.includes(pathname)) return null;
  const ask = async (url: string, init: RequestInit) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      remoteAddress: request.ip,
      headers: { cookie, 'user-agent': request.headers['user-agent'] ?? '' },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  };
  try {
    const drawn = await renderer.renderFirstPaint(pathname, ask);
    return drawn ? pageWithFirstPaint(indexHtml, drawn.html, drawn.state) : null;
  } catch (error) {
    request.log.warn({ err: error, pathname }, 'first paint failed; the plain page was sent');
    return null;
  }
}
