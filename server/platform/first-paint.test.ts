import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as clientRenderer from '../../client/app/first-paint';
import { createPactVia } from '../modules/pacts/testing';
import { createTestApp, type TestApp } from '../test/app';
import { type SignedIn, signUp } from '../test/factories';
import {
  FIRST_PAINT_LOADER,
  pageWithFirstPaint,
  type Renderer,
  screenChunks,
  scriptSafeJson,
} from './first-paint';
import { inlineScriptHashes } from './inline-scripts';

/** The app's own page (client/index.html: the splash beside #root), served with the client's own renderer. */
const page = fs.readFileSync(path.resolve(import.meta.dirname, '../../client/index.html'), 'utf8');

type Dehydrated = { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
const firstData = (html: string): Dehydrated | null => {
  const match = html.match(/<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/);
  return match ? JSON.parse(match[1]!) : null;
};
const keysOf = (html: string) => firstData(html)?.queries.map((q) => q.queryKey.join('/')) ?? [];

describe('first paint: a signed-in direct load of a screen arrives drawn', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-first-paint-'));
  let t: TestApp;
  let ada: SignedIn;
  let bea: SignedIn;
  const get = (url: string, who?: SignedIn | string) =>
    t.app.inject({
      url,
      headers: who ? { cookie: typeof who === 'string' ? who : who.cookie } : {},
    });

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    t = await createTestApp({ SERVE_CLIENT: true }, { clientDir: dir, renderer: clientRenderer });
    ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Quill' });
    bea = await signUp(t.app, { firstName: 'Bea', lastName: 'Marsh' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("draws Home for the person asking, with the answers it was drawn from, and never another person's Pact", async () => {
    await createPactVia(t.app, ada, { title: 'Ada Sunrise Squats', visibility: 'private' });
    const mine = await get('/', ada);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.vary).toMatch(/cookie/i);
    expect(mine.body).toContain('<div id="splash" data-first-paint="" inert="">');
    expect(mine.body).toContain('Ada Sunrise Squats');
    // The splash's brand screen gave its place to the drawn screen; the app's root and script are as they were.
    expect(mine.body).not.toContain('Workout challenges with friends</p>');
    expect(mine.body).toContain('<div id="root"></div>');
    const state = firstData(mine.body)!;
    const me = state.queries.find((q) => q.queryKey.join('/') === 'auth/user');
    expect((me?.state.data as { id: string } | undefined)?.id).toBe(ada.user.id);

    const theirs = await get('/', bea);
    expect(theirs.body).toContain('data-first-paint');
    expect(theirs.body).not.toContain('Ada Sunrise Squats');
    const them = firstData(theirs.body)?.queries.find((q) => q.queryKey.join('/') === 'auth/user');
    expect((them?.state.data as { id: string } | undefined)?.id).toBe(bea.user.id);
  });

  it('draws Leaderboard, Discover and Teams with the data each screen asks for first', async () => {
    const leaderboard = await get('/leaderboard', ada);
    expect(leaderboard.body).toContain('data-first-paint');
    expect(leaderboard.body).toContain('Ada Quill');
    expect(keysOf(leaderboard.body)).toContain('leaderboard/global/streak');

    await createPactVia(t.app, bea, { title: 'Bea Public Plank', visibility: 'public' });
    const discover = await get('/challenges', ada);
    expect(discover.body).toContain('data-testid="discover-feed"');
    expect(discover.body).toContain('Bea Public Plank');

    const teams = await get('/teams', ada);
    expect(teams.body).toContain('data-first-paint');
    expect(teams.body).toContain('My Teams');
    // Nothing is drawn still loading: no skeleton, no spinner (a loading screen would be a worse splash).
    for (const res of [leaderboard, discover, teams]) {
      const drawn = res.body.slice(res.body.indexOf('data-first-paint'), res.body.indexOf('<div id="root">'));
      expect(drawn).not.toContain('animate-pulse');
    }
  });

  it('keeps whatever a person typed inside the data block: a title cannot end the script early', async () => {
    const hostile = 'Squats </script><script>alert(1)</script> <!--';
    await createPactVia(t.app, ada, { title: hostile, visibility: 'private' });
    const res = await get('/', ada);
    const scriptsIn = (html: string) => html.match(/<script\b/g)?.length ?? 0;
    // The page's own scripts, the entry's tag given to the loader: plus the two data blocks and the loader, and
    // nothing the title opened.
    expect(scriptsIn(res.body)).toBe(scriptsIn(page) + 2);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(JSON.stringify(firstData(res.body))).toContain(hostile.replace(/"/g, '\\"'));
  });

  it('leaves out what only the phone knows: the workout reminder, whose dismissals live on the phone', async () => {
    const now = new Date();
    const hhmm = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
    const carl = await signUp(t.app, { firstName: 'Carl', timeZone: 'UTC' });
    await createPactVia(t.app, carl, { title: 'Carl Right Now', workoutTime: hhmm, scheduleDays: [...days] });
    const reminders = await t.app.inject({ url: '/api/user/reminders', headers: carl.headers });
    expect(reminders.json().items.map((i: { title: string }) => i.title)).toContain('Carl Right Now');
    const res = await get('/', carl);
    expect(res.body).toContain('data-first-paint');
    expect(res.body).toContain('Carl Right Now');
    expect(res.body).not.toContain('Workout reminder');
  });

  it("counts today's workouts on the day of the person's time zone, not the server's", async () => {
    // 20:00 on 31 March in London is already 1 April on Kiritimati (UTC+14): the picture asks for April.
    const kiri = await signUp(t.app, { firstName: 'Kiri', timeZone: 'Pacific/Kiritimati' });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-31T20:00:00Z') });
    try {
      const res = await get('/', kiri);
      expect(res.body).toContain('data-first-paint');
      const months = keysOf(res.body).filter((k) => k.startsWith('calendar/'));
      expect(months).toEqual(['calendar/2026-04']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows a card's Start button as the person's clock has it, not the server's", async () => {
    // The next 03:00 UTC: 19:00 the evening before in Los Angeles (PST), when a 7 PM Pact can start.
    const next = new Date();
    next.setUTCHours(3, 0, 0, 0);
    if (next.getTime() <= Date.now()) next.setUTCDate(next.getUTCDate() + 1);
    const lena = await signUp(t.app, { firstName: 'Lena', timeZone: 'America/Los_Angeles' });
    await createPactVia(t.app, lena, { title: 'Lena Evening Lunges', workoutTime: '19:00' });
    vi.useFakeTimers({ toFake: ['Date'], now: next });
    try {
      const res = await get('/', lena);
      const from = res.body.indexOf('aria-label="Lena Evening Lunges"');
      expect(from).toBeGreaterThan(0);
      // The card up to the next card or the end of the picture.
      const card = res.body.slice(from, res.body.indexOf('<div id="root">'));
      expect(card).toMatch(/<\/svg>Start<\/a>/);
      expect(card).not.toContain('Wait for time');
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the build's manifest, which lists the client's modules, to the server", async () => {
    fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"main.tsx":{"file":"assets/index-1.js"}}');
    const res = await get('/.vite/manifest.json');
    expect(res.body).not.toContain('assets/index-1.js');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends the plain page to a visitor, a stale session, a screen it does not draw, or a link with a query', async () => {
    for (const [url, who] of [
      ['/leaderboard', undefined],
      ['/leaderboard', 'better-auth.session_token=forged.value'],
      ['/settings', ada],
      ['/profile', ada],
      ['/chat/1', ada],
      ['/leaderboard?tab=points', ada],
    ] as const) {
      const res = await get(url, who);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('the page with a drawn screen', () => {
  it('puts the screen where the splash was and escapes the data for a script element', () => {
    const out = pageWithFirstPaint(page, '<main>drawn</main>', { title: '</script><!-- \u2028' })!;
    expect(out).toContain('<div id="splash" data-first-paint="" inert=""><main>drawn</main></div>');
    expect(out.indexOf('<div id="root"></div>')).toBeGreaterThan(out.indexOf('<main>drawn</main>'));
    expect(scriptSafeJson({ title: '</script><!-- \u2028' })).toBe(
      '{"title":"\\u003c/script>\\u003c!-- \\u2028"}',
    );
    expect(JSON.parse(scriptSafeJson({ title: '</script>' }))).toEqual({ title: '</script>' });
  });

  it("loads the app's scripts only after the picture: from a list the page's one new inline script reads", () => {
    const built = page
      .replace('<script type="module" src="/main.tsx"></script>', '')
      .replace(
        '</head>',
        '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
          '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
          '<link rel="stylesheet" crossorigin href="/assets/client-1.css">\n</head>',
      );
    const out = pageWithFirstPaint(built, '<main/>', {}, ['assets/Tabs-1.js'])!;
    // No script or chunk of the app is asked for by the page itself; the stylesheet stays where it was.
    expect(out).not.toContain('src="/assets/index-1.js"');
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/client-1.css">');
    const scripts = out.match(
      /<script type="application\/json" id="first-scripts">([\s\S]*?)<\/script>/,
    )![1]!;
    expect(JSON.parse(scripts)).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/react-1.js', '/assets/Tabs-1.js'],
    });
    // The loader comes last, after the data it reads, and is exactly the script the CSP allows by its hash.
    expect(out.trimEnd()).toMatch(/<\/script>\s*<\/body>\s*<\/html>$/);
    expect(out.indexOf(FIRST_PAINT_LOADER)).toBeGreaterThan(out.indexOf('id="first-scripts"'));
    expect(inlineScriptHashes(out)).toEqual(inlineScriptHashes(built + FIRST_PAINT_LOADER));
    // A page without an entry script to hand over is not drawn.
    expect(
      pageWithFirstPaint(built.replace(/<script type="module"[^>]*><\/script>/, ''), '<main/>', {}),
    ).toBeNull();
  });

  it("names the screen's chunks, each once, leaving out what the page already loads", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-manifest-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'main.tsx': { file: 'assets/index-1.js', imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-1.js' },
        'app/route-preload.ts': { file: 'assets/route-preload-1.js', imports: ['_react.js', '_api.js'] },
        'app/SignedInApp.tsx': { file: 'assets/SignedInApp-1.js', imports: ['_react.js', '_Dialog.js'] },
        '_api.js': { file: 'assets/api-1.js' },
        '_Dialog.js': { file: 'assets/Dialog-1.js', imports: ['_api.js', '_Dialog.css'] },
        '_Dialog.css': { file: 'assets/Dialog-1.css' },
        'features/leaderboard/LeaderboardPage.tsx': {
          file: 'assets/LeaderboardPage-1.js',
          imports: ['_Dialog.js', '_Tabs.js'],
        },
        '_Tabs.js': { file: 'assets/Tabs-1.js', imports: ['_Tabs.js'] },
      }),
    );
    const renderer = {
      firstPaintModules: { '/leaderboard': 'features/leaderboard/LeaderboardPage.tsx' },
      firstPaintShellModules: ['app/route-preload.ts', 'app/SignedInApp.tsx'],
    } as unknown as Renderer;
    const index = '<link rel="modulepreload" crossorigin href="/assets/react-1.js">';
    expect(screenChunks(dir, renderer, index)).toEqual({
      '/leaderboard': [
        'assets/route-preload-1.js',
        'assets/api-1.js',
        'assets/SignedInApp-1.js',
        'assets/Dialog-1.js',
        'assets/LeaderboardPage-1.js',
        'assets/Tabs-1.js',
      ],
    });
    // No build manifest (a test's page, npm run dev): nothing is listed.
    fs.rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
    expect(screenChunks(dir, renderer, index)).toEqual({});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a page without the splash alone (a page of its own: the plain page is sent)', () => {
    expect(pageWithFirstPaint('<html><body><div id="root"></div></body></html>', '<p/>', {})).toBeNull();
  });
});
