import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { MIN_BYTES, precompressDir } from '../../scripts/precompress.mjs';
import { createPactVia } from '../modules/pacts/testing';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('compressed answers', () => {
  it('brotli and gzip answers decode to the same bytes as the plain one, and small answers stay plain', async () => {
    const me = await signUp(t.app);
    for (let i = 0; i < 8; i++) await createPactVia(t.app, me, { title: `Compressible ${i}` });
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/challenges',
        headers: { ...me.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('compressed request bodies', () => {
  it('are still inflated on routes that take a body (GET routes skip that step)', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    // Read as JSON: a wrong password, not a malformed body.
    expect(res.statusCode).toBe(401);
    const get = await t.app.inject({ url: '/api/health', headers: { 'content-encoding': 'gzip' } });
    expect(get.statusCode).toBe(200);
  });
});

describe('precompressed static files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-precompress-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each compressible file over 1 KB, which decode to the original', () => {
    const js = `console.log(${JSON.stringify('a'.repeat(4000))});\n`;
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), js);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'clip.webm'), Buffer.alloc(MIN_BYTES * 4, 1));
    const result = precompressDir(dir);
    expect(result.files).toBe(1);
    const base = path.join(dir, 'assets', 'app.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${base}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${base}.gz`)).toString()).toBe(js);
    expect(fs.existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'clip.webm.br'))).toBe(false);
  });
});

describe('pages and assets for any client', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-client-'));
  const page = `<!doctype html><html><head><title>SweatPact</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;
  const css = `a{color:red}${'b{}'.repeat(1000)}`;
  let served: TestApp;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    fs.writeFileSync(path.join(dir, 'assets', 'app.css'), css);
    precompressDir(dir);
    served = await createTestApp({ SERVE_CLIENT: true }, { clientDir: dir });
  });
  afterAll(async () => {
    await served?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the page and its assets to a client that accepts no encoding (curl), compressed only when asked', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const root = await served.app.inject({ url: '/', headers });
      expect(root.statusCode).toBe(200);
      expect(root.headers['content-type']).toMatch(/^text\/html/);
      expect(root.headers['content-encoding']).toBeUndefined();
      expect(root.body).toBe(page);
      const asset = await served.app.inject({ url: '/assets/app.css', headers });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.body).toBe(css);
      const deep = await served.app.inject({ url: '/pacts/12', headers });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toBe(page);
    }
    const head = await served.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    const gz = await served.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page);
    const br = await served.app.inject({ url: '/assets/app.css', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(css);
  });
});
