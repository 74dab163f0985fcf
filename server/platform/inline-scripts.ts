import crypto from 'node:crypto';

/**
 * CSP sources for the inline scripts of the built index.html (the theme applied before the first paint): each is
 * allowed by its exact hash, so no other inline script can run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    // Scripts from a file, and data blocks (JSON the page carries, which no browser runs), need no hash.
    if (/\ssrc\s*=|\stype\s*=\s*"application\/json"/i.test(attributes)) continue;
    const digest = crypto
      .createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}
