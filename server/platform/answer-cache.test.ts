import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DataChanges, type TableWatch } from '../db/changes';
import { AnswerCache } from './answer-cache';

const body = (text: string | Buffer) => (typeof text === 'string' ? Buffer.from(text) : text);

function setup(ttlMs = 2_000) {
  const changes = new DataChanges();
  let now = 1_000;
  const cache = new AnswerCache(changes, ttlMs, () => now);
  const pacts = cache.watch(['pacts', 'users']);
  /** Keeps an answer computed now, reading what `watch` covers. */
  const keep = (key: string, text: string | Buffer, watch: TableWatch = pacts) =>
    cache.set(key, watch, watch.version, body(text));
  return { changes, cache, pacts, keep, advance: (ms: number) => (now += ms) };
}

describe('AnswerCache', () => {
  it("keeps an answer under its owner and URL only: another person's key never finds it", () => {
    const { cache, keep } = setup();
    keep(AnswerCache.keyOf('alice', '/api/challenges'), 'alice');
    expect(cache.get(AnswerCache.keyOf('alice', '/api/challenges'))?.body.toString()).toBe('alice');
    expect(cache.get(AnswerCache.keyOf('bob', '/api/challenges'))).toBeNull();
    expect(cache.get(AnswerCache.keyOf('alice', '/api/challenges?filter=mine'))).toBeNull();
  });

  it('drops an answer once a table it reads was written, on this instance or another, and only then', () => {
    const { cache, changes, keep } = setup();
    const key = AnswerCache.keyOf('alice', '/a');
    keep(key, '1');
    changes.changed(['chat_messages', 'proofs']);
    changes.changedElsewhere(['notifications']);
    expect(cache.get(key)?.body.toString()).toBe('1');
    changes.changed(['chat_messages', 'users']);
    expect(cache.get(key)).toBeNull();
    expect(cache.size).toBe(0);
    keep(key, '2');
    expect(cache.get(key)?.body.toString()).toBe('2');
    changes.changedElsewhere(['pacts']);
    expect(cache.get(key)).toBeNull();
    // A write of unknown tables (a delete, whose cascades reach others) ends every answer.
    keep(key, '3');
    changes.changed(null);
    expect(cache.get(key)).toBeNull();
  });

  it('keeps answers of other routes when one route’s tables are written', () => {
    const { cache, changes, keep } = setup();
    const chat = cache.watch(['chat_messages', 'users']);
    expect(cache.watch(['users', 'chat_messages'])).toBe(chat);
    keep(AnswerCache.keyOf('alice', '/discover'), 'discover');
    keep(AnswerCache.keyOf('alice', '/chat'), 'chat', chat);
    changes.changed(['chat_messages']);
    expect(cache.get(AnswerCache.keyOf('alice', '/chat'))).toBeNull();
    expect(cache.get(AnswerCache.keyOf('alice', '/discover'))?.body.toString()).toBe('discover');
  });

  it('does not keep an answer computed while a write of its tables finished (it may have read the rows before)', () => {
    const { cache, changes, pacts } = setup();
    const key = AnswerCache.keyOf('alice', '/a');
    const before = pacts.version;
    changes.changed(['pacts']);
    cache.set(key, pacts, before, body('read before the write'));
    expect(cache.get(key)).toBeNull();
    const beforePeer = pacts.version;
    changes.changedElsewhere(['users']);
    cache.set(key, pacts, beforePeer, body('read before the other instance wrote'));
    expect(cache.get(key)).toBeNull();
    const beforeOther = pacts.version;
    changes.changed(['chat_messages']);
    cache.set(key, pacts, beforeOther, body('read while another table was written'));
    expect(cache.get(key)?.body.toString()).toBe('read while another table was written');
  });

  it('serves an answer for the TTL at most, as what depends on the clock moves on', () => {
    const { cache, keep, advance } = setup(2_000);
    const key = AnswerCache.keyOf('alice', '/a');
    keep(key, 'x');
    advance(1_999);
    expect(cache.get(key)).not.toBeNull();
    advance(1);
    expect(cache.get(key)).toBeNull();
  });

  it('compresses a kept answer once per encoding, counted in its budget, decoding to the same bytes', () => {
    const { cache, keep } = setup();
    const key = AnswerCache.keyOf('alice', '/a');
    const json = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i })) }));
    const kept = keep(key, json)!;
    const br = cache.encoded(key, kept, 'br');
    expect(cache.encoded(key, kept, 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).equals(json)).toBe(true);
    expect(zlib.gunzipSync(cache.encoded(key, kept, 'gzip')).equals(json)).toBe(true);
    expect(cache.bytes).toBe(json.length + br.length + cache.encoded(key, kept, 'gzip').length);
  });

  it('holds at most its byte budget, dropping the oldest first, and no single large answer', () => {
    const { cache, keep } = setup();
    const big = Buffer.alloc(200 * 1024);
    for (let i = 0; i < 200; i += 1) keep(AnswerCache.keyOf('u', `/${i}`), big);
    // 32 MB of 200 KB answers.
    expect(cache.size).toBe(Math.floor((32 * 1024 * 1024) / big.length));
    expect(cache.get(AnswerCache.keyOf('u', '/0'))).toBeNull();
    expect(cache.get(AnswerCache.keyOf('u', '/199'))).not.toBeNull();
    keep(AnswerCache.keyOf('u', '/huge'), Buffer.alloc(300 * 1024));
    expect(cache.get(AnswerCache.keyOf('u', '/huge'))).toBeNull();
  });
});
