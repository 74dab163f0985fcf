import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { authKeys, fetchCurrentUser } from '../api/auth';
import { transport } from '../api/client';
import { createQueryClient } from '../api/query-client';
import { App } from './App';
import { firstPaintModules, firstPaintShellModules } from './first-paint-screens';
import { SCREENS } from './route-preload';

/**
 * The server's first paint of a bottom-navigation screen (server/platform/first-paint.ts): the page a signed-in
 * person asked for, drawn on the server by the app's own components with the screen's data, so a phone on a slow
 * network sees its screen as soon as the page and its stylesheet arrive instead of after the JavaScript. It is a
 * picture, not a hydrated tree: the page keeps it where the splash would be (`#splash`) and the app, once loaded,
 * draws the same screen from the same data (handed over in the page) and then removes it, as it removes the splash.
 * Built for Node by `vite build --ssr` (scripts/build.mjs) into dist/ssr; never part of the browser's bundle.
 */

/** Answers one API call as the person who asked for the page (the server's own routes, in process). */
export type Ask = (url: string, init: RequestInit) => Promise<Response>;

const asking = new AsyncLocalStorage<Ask>();
transport.fetch = (url, init) => {
  const ask = asking.getStore();
  if (!ask) return Promise.reject(new Error('first paint: an API call outside a page request'));
  return ask(url, init);
};

/** The screens drawn on the server, each with the module whose chunks its page lists (first-paint-screens.ts). */
export { firstPaintModules, firstPaintShellModules };

/** Queries a render created without data: a component asked for more than its screen's list names. */
const missing = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.options.queryFn);

/** The app drawn at `pathname`; a component that fails on the server fails the whole picture (no half screen). */
async function renderApp(client: QueryClient, pathname: string): Promise<string> {
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={pathname}>
      <App queryClient={client} />
    </Router>,
    {
      onError: (error) => {
        failed ??= error;
      },
    },
  );
  if (failed) throw failed;
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/**
 * The screen at `pathname` drawn for whoever `ask` answers as, with the query cache it was drawn from; null when
 * nobody is signed in, the path is not a first-paint screen, or a call failed (the page then loads as usual).
 */
export async function renderFirstPaint(
  pathname: string,
  ask: Ask,
): Promise<{ html: string; state: ReturnType<typeof dehydrate> } | null> {
  const screen = SCREENS[pathname];
  if (!screen || !Object.hasOwn(firstPaintModules, pathname)) return null;
  const client = createQueryClient();
  try {
    return await asking.run(ask, async () => {
      const user = await fetchCurrentUser();
      if (!user) return null;
      client.setQueryData(authKeys.user, user);
      await Promise.all(screen.data(client));
      let html = await renderApp(client, pathname);
      // A second pass only when the first met a query the screen's list did not name.
      const more = missing(client);
      if (more.length > 0) {
        await Promise.all(more.map((query) => query.fetch().catch(() => undefined)));
        html = await renderApp(client, pathname);
      }
      if (
        client
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error')
      )
        return null;
      return { html, state: dehydrate(client) };
    });
  } finally {
    client.clear();
  }
}
