// The routes of bench/mixed-load.bench.mjs, told apart by method and URL (shared by the load and the bare floor).

export const ROUTES = ['discover', 'discover-next', 'pact', 'chat', 'session', 'post'];

export function routeOf(method, url) {
  if (method === 'POST') return 'post';
  if (url.startsWith('/api/auth/session')) return 'session';
  if (url.startsWith('/api/challenges?')) return url.includes('cursor=') ? 'discover-next' : 'discover';
  return url.includes('/messages') ? 'chat' : 'pact';
}
