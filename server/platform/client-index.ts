import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (dist/client/.vite/manifest.json): each source module's chunk and its static imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?sweatpact\.session_token=/;
/** The signed-in shell, and the screen of each path worth preloading (Home is where a signed-in start lands). */
const SIGNED_IN_SHELL = 'app/SignedInApp.tsx';
const SCREEN_BY_PATH: Record<string, string> = { '/': 'features/pacts/HomePage.tsx' };

/**
 * The app's page. A request that carries a session cookie gets the same page with the signed-in chunks (and the
 * screen of its path) preloaded: without them a signed-in start waits for the main bundle, then the session check,
 * then the shell, then the screen, one after the other. Whether the session is valid does not matter here: the
 * hint only fetches public, cacheable files early.
 */
export function createClientIndex(html: string, manifest: Manifest | null) {
  const variants = new Map<string, string>();
  const variant = (keys: string[]) => {
    const id = keys.join('|');
    let page = variants.get(id);
    if (page == null) {
      const links = chunkFiles(manifest, keys)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      page = links ? html.replace('</head>', `${links}</head>`) : html;
      variants.set(id, page);
    }
    return page;
  };
  return (url: string, cookieHeader: string | undefined): string => {
    if (!manifest || !SESSION_COOKIE.test(cookieHeader ?? '')) return html;
    const screen = SCREEN_BY_PATH[url.split('?')[0] ?? ''];
    return variant(screen ? [SIGNED_IN_SHELL, screen] : [SIGNED_IN_SHELL]);
  };
}

/** The chunks of `keys` and everything they import statically, minus what the page already loads. */
function chunkFiles(manifest: Manifest | null, keys: string[]): string[] {
  if (!manifest) return [];
  const entry = Object.entries(manifest).find(([, c]) => (c as { isEntry?: boolean }).isEntry)?.[0];
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep, into);
  };
  if (entry) visit(entry, loaded);
  const wanted = new Set<string>();
  for (const key of keys) visit(key, wanted);
  return [...wanted].filter((k) => !loaded.has(k)).map((k) => manifest[k]!.file);
}

export function readManifest(clientDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
}
