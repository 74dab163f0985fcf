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
  /** The drawn paths, each with its screen's module; the shell's modules; as the build's manifest names them. */
  firstPaintModules: Record<string, string>;
  firstPaintShellModules: string[];
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

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * For each drawn path, the script files its screen needs beyond the page's own: the screen's module, the shell's
 * and route-preload's, each with every chunk it imports, from the client build's manifest (.vite/manifest.json).
 * The drawn page's loader asks for them all at once (FIRST_PAINT_LOADER); without them each chunk names its
 * imports only once fetched, a round trip per wave on a phone's network. Empty without a manifest.
 */
export function screenChunks(
  clientDir: string,
  renderer: Renderer,
  indexHtml: string,
): Record<string, string[]> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return {};
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const closure = (key: string, into: Set<string>) => {
    const entry = manifest[key];
    if (!entry || into.has(entry.file)) return;
    into.add(entry.file);
    for (const imported of entry.imports ?? []) closure(imported, into);
  };
  return Object.fromEntries(
    Object.entries(renderer.firstPaintModules).map(([pathname, module]) => {
      const files = new Set<string>();
      for (const key of [...renderer.firstPaintShellModules, module]) closure(key, files);
      return [pathname, [...files].filter((f) => f.endsWith('.js') && !indexHtml.includes(`/${f}"`))];
    }),
  );
}

const SPLASH = /<div id="splash">[\s\S]*?<\/div>\s*(?=<div id="root">)/;

/** Text safe inside a <script> element: no `</script>`, no `<!--`, whatever a person typed into a title. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The drawn page's own inline script (beside index.html's): it loads the app (its entry, the entry's chunks and the
 * screen's, listed in `#first-scripts`) only once the picture has painted. On a phone's network the scripts then
 * take no bandwidth from the stylesheet the picture waits for, and the picture is the page's largest paint however
 * fast they come. A page opened in a background tab, which draws no frame, loads them after a second. The CSP allows
 * it by its hash (app.ts).
 */
export const FIRST_PAINT_LOADER = `<script>
      (() => {
        const load = () => {
          const { entry, preload } = JSON.parse(document.getElementById('first-scripts').textContent);
          for (const src of [entry, ...preload]) {
            const tag = document.createElement(src === entry ? 'script' : 'link');
            if (src === entry) Object.assign(tag, { type: 'module', src });
            else Object.assign(tag, { rel: 'modulepreload', href: src });
            tag.crossOrigin = 'anonymous';
            document.head.append(tag);
          }
        };
        let started = false;
        const once = () => {
          if (!started) load();
          started = true;
        };
        requestAnimationFrame(() => setTimeout(once));
        // A tab in the background draws no frame: it loads them a moment later all the same.
        setTimeout(once, 1000);
      })();
    </script>`;

const ENTRY = /\s*<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/**
 * The page with `html` drawn where the splash is, `state` handed over after it, and the app's scripts (the page's
 * entry and its chunks, then the screen's `chunks`) loaded by FIRST_PAINT_LOADER after the picture has painted
 * instead of from the head.
 */
export function pageWithFirstPaint(
  indexHtml: string,
  html: string,
  state: unknown,
  chunks: string[] = [],
): string | null {
  const entry = indexHtml.match(ENTRY)?.[1];
  if (!SPLASH.test(indexHtml) || !entry) return null;
  const preload = [...indexHtml.matchAll(PRELOAD)].map((m) => m[1]!);
  const scripts = { entry, preload: [...preload, ...chunks.map((f) => `/${f}`)] };
  return (
    indexHtml
      .replace(ENTRY, '')
      .replace(PRELOAD, '')
      // inert: a picture until the app draws the screen, so a tap on it does nothing rather than half of something.
      .replace(SPLASH, () => `<div id="splash" data-first-paint="" inert="">${html}</div>\n    `)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"></div>\n    <script type="application/json" id="first-data">${scriptSafeJson(state)}</script>` +
          `\n    <script type="application/json" id="first-scripts">${scriptSafeJson(scripts)}</script>` +
          `\n    ${FIRST_PAINT_LOADER}`,
      )
  );
}

/** The page for `request` with its screen drawn, or null for the plain page. */
export async function firstPaint(
  app: FastifyInstance,
  renderer: Renderer,
  indexHtml: string,
  request: FastifyRequest,
  chunks: Record<string, string[]> = {},
): Promise<string | null> {
  const cookie = request.headers.cookie;
  const pathname = request.url.split('?')[0] ?? '/';
  if (!cookie || request.url.includes('?') || !Object.hasOwn(renderer.firstPaintModules, pathname))
    return null;
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
    return drawn ? pageWithFirstPaint(indexHtml, drawn.html, drawn.state, chunks[pathname]) : null;
  } catch (error) {
    request.log.warn({ err: error, pathname }, 'first paint failed; the plain page was sent');
    return null;
  }
}
