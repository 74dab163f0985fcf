import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe';

/**
 * The accessibility journey's checks of one screen as it stands: axe (WCAG 2.1 A/AA), no horizontal scrolling,
 * touch targets of at least 44x44 px. Each answers lines describing what is wrong, so one run lists every problem
 * of every screen instead of stopping at the first.
 */

export const SMALL_PHONE = { width: 320, height: 640 };
export const MIN_TARGET = 44;

const octet = () => 1 + Math.floor(Math.random() * 254);

/** A 320x640 touch phone (its own client address, as a real phone on its own network). */
export async function smallPhone(
  browser: Browser,
  opts: { reducedMotion?: 'reduce' | 'no-preference'; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? SMALL_PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    permissions: ['camera', 'microphone'],
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  });
  return context.newPage();
}

/** Stores the theme the app reads before its first paint; the next navigation uses it. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

export async function expectTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

/** Waits until a screen has its heading and has stopped loading (skeletons and busy regions gone). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1, [role="dialog"] h2').first()).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** Document wider than the viewport (it would scroll sideways): one line, else none. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  const { scroll, client, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    // The element sticking out furthest (outside any scroller that clips it), to say where the overflow comes from.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    let widest = '';
    let right = root.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > right + 0.5 && r.width > 0 && !clipped(el)) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${el.textContent?.trim().slice(0, 30)}"`;
      }
    }
    return { scroll: root.scrollWidth, client: root.clientWidth, widest };
  });
  return scroll <= client ? [] : [`horizontal overflow: ${scroll} > ${client} (${widest})`];
}

/**
 * Interactive elements (in `scope`, else the page) smaller than 44x44 px. An element's target includes its label
 * (a switch's row). Links inside a sentence are exempt (WCAG 2.5.5's inline exception), as are hidden elements.
 */
export async function smallTargets(page: Page, scope?: Locator): Promise<string[]> {
  const root = scope ?? page.locator('body');
  return root.evaluate((base, min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
    ].join(',');
    const out: string[] = [];
    for (const el of base.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none')
        continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      // A disabled control takes no tap.
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      const own = el.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) continue;
      if (el.tagName === 'A' && el.parentElement?.tagName === 'P') continue;
      let { left, top, right, bottom } = own;
      const labels = [
        ...((el as HTMLInputElement).labels ?? []),
        ...(el.closest('label') ? [el.closest('label')!] : []),
      ];
      for (const label of labels) {
        const r = label.getBoundingClientRect();
        left = Math.min(left, r.left);
        top = Math.min(top, r.top);
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
      const w = right - left;
      const h = bottom - top;
      if (w + 0.5 < min || h + 0.5 < min) {
        const name =
          el.getAttribute('aria-label') ||
          el.textContent?.trim().slice(0, 30) ||
          (el as HTMLInputElement).placeholder ||
          el.id;
        out.push(`small target ${Math.round(w)}x${Math.round(h)}: ${el.tagName.toLowerCase()} "${name}"`);
      }
    }
    return out;
  }, MIN_TARGET);
}

/** Every check of the screen as it stands, each line prefixed with `where`. */
export async function screenProblems(page: Page, where: string, scope?: Locator): Promise<string[]> {
  const lines = [
    ...(await axeViolations(page)),
    ...(await horizontalOverflow(page)),
    ...(await smallTargets(page, scope)),
  ];
  return lines.map((line) => `${where}: ${line}`);
}

/** No element of the page sticks out past the screen's right edge, scrollers' content included. */
export async function stickingOut(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      // A toast slides in and out from the side on purpose.
      if (el.closest('[role="region"][aria-label^="Notifications"]')) continue;
      // Horizontal strips that scroll on purpose (friends, filters) hold tiles past the edge; a vertical scroller
      // (the wizard's steps) does not excuse what sticks out of it.
      let inStrip = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (/\boverflow-x-(auto|scroll)\b|\bsnap-x\b/.test(String(p.className))) inStrip = true;
      }
      if (!inStrip) return `${el.tagName} ${String(el.className).slice(0, 50)} right=${Math.round(r.right)}`;
    }
    return null;
  });
}
