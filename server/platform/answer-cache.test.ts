import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DataChanges } from '../db/changes';
import { AnswerCache } from './answer-cache';

const body = (text: string) => Buffer.from(text);

function setup(ttlMs = 2_000) {
  const changes = new DataChanges();
  let now = 1_000;
  const cache = new AnswerCache(changes, ttlMs, () => now);
  return { changes, cache, advance: (ms: number) => (now += ms) };
}

describe('AnswerCache', () => {
  it("keeps an answer under its owner and URL only: another person's key never finds it", () => {
    const { cache } = setup();
    cache.set(AnswerCache.keyOf('alice', '/api/challenges'), cache.stamp(), body('alice'));
    expect(cache.get(AnswerCache.keyOf('alice', '/api/challenges'))?.body.toString()).toBe('alice');
    expect(cache.get(AnswerCache.keyOf('bob', '/api/challenges'))).toBeNull();
    expect(cache.get(AnswerCache.keyOf('alice', '/api/challenges?filter=mine'))).toBeNull();
  });

  it('drops every answer once any write finished, on this instance or another', () => {
    const { cache, changes } = setup();
    const key = AnswerCache.keyOf('alice', '/a');
    cache.set(key, cache.stamp(), body('1'));
    changes.changed();
    expect(cache.get(key)).toBeNull();
    expect(cache.size).toBe(0);
    cache.set(key, cache.stamp(), body('2'));
    expect(cache.get(key)?.body.toString()).toBe('2');
    cache.peerChanged();
    expect(cache.get(key)).toBeNull();
  });

  it('does not keep an answer computed while a write finished (it may have read the rows before it)', () => {
    const { cache, changes } = setup();
    const key = AnswerCache.keyOf('alice', '/a');
    const stamp = cache.stamp();
    changes.changed();
    cache.set(key, stamp, body('read before the write'));
    expect(cache.get(key)).toBeNull();
    const peerStamp = cache.stamp();
    cache.peerChanged();
    cache.set(key, peerStamp, body('read before the other instance wrote'));
    expect(cache.get(key)).toBeNull();
  });

  it('serves an answer for the TTL at most, as what depends on the clock moves on', () => {
    const { cache, advance } = setup(2_000);
    const key = AnswerCache.keyOf('alice', '/a');
    cache.set(key, cache.stamp(), body('x'));
    advance(1_999);
    expect(cache.get(key)).not.toBeNull();
    advance(1);
    expect(cache.get(key)).toBeNull();
  });

  it('compresses a kept answer once per encoding, counted in its budget, decoding to the same bytes', () => {
    const { cache } = setup();
    const key = AnswerCache.keyOf('alice', '/a');
    const json = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i })) }));
    const kept = cache.set(key, cache.stamp(), json)!;
    const br = cache.encoded(key, kept, 'br');
    expect(cache.encoded(key, kept, 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).equals(json)).toBe(true);
    expect(zlib.gunzipSync(cache.encoded(key, kept, 'gzip')).equals(json)).toBe(true);
  });

  it('holds at most its byte budget, dropping the oldest first, and no single large answer', () => {
    const { cache } = setup();
    const big = Buffer.alloc(200 * 1024);
    for (let i = 0; i < 200; i += 1) cache.set(AnswerCache.keyOf('u', `/${i}`), cache.stamp(), big);
    // 32 MB of 200 KB answers.
    expect(cache.size).toBe(Math.floor((32 * 1024 * 1024) / big.length));
    expect(cache.get(AnswerCache.keyOf('u', '/0'))).toBeNull();
    expect(cache.get(AnswerCache.keyOf('u', '/199'))).not.toBeNull();
    cache.set(AnswerCache.keyOf('u', '/huge'), cache.stamp(), Buffer.alloc(300 * 1024));
    expect(cache.get(AnswerCache.keyOf('u', '/huge'))).toBeNull();
  });
});
