import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../domain/merchants/ports.js';
import { KeyCache } from './key-cache.js';

const record = (revokedAt: number | null): ApiKeyRecord => ({
  id: 'key_1',
  entityId: 'e',
  siteId: 's',
  type: 'operations',
  label: '',
  createdAt: 0,
  revokedAt,
  secretHash: 'h',
  merchantId: 'm',
});

describe('the API-key cache', () => {
  it('serves a record from memory after the first load', async () => {
    const cache = new KeyCache(60_000);
    let loads = 0;
    const load = async () => (loads++, record(null));
    await cache.get('key_1', load);
    await cache.get('key_1', load);
    expect(loads).toBe(1);
  });

  it('loads again once forgotten, so a revocation is seen at once', async () => {
    const cache = new KeyCache(60_000);
    let current = record(null);
    await cache.get('key_1', async () => current);
    current = record(5);
    cache.forget('key_1');
    expect((await cache.get('key_1', async () => current))?.revokedAt).toBe(5);
  });

  it('does not keep a load that began before a forget', async () => {
    const cache = new KeyCache(60_000);
    let release!: () => void;
    const slow = cache.get('key_1', () => new Promise((r) => (release = () => r(record(null)))));
    cache.forget('key_1'); // the revocation commits while the stale read is in flight
    release();
    expect((await slow)?.revokedAt).toBeNull();
    expect((await cache.get('key_1', async () => record(9)))?.revokedAt).toBe(9);
  });

  it('expires entries after its time to live', async () => {
    const cache = new KeyCache(0);
    let loads = 0;
    const load = async () => (loads++, record(null));
    await cache.get('key_1', load);
    await cache.get('key_1', load);
    expect(loads).toBe(2);
  });

  it('answers a fresh entry without a promise, and only a fresh one', async () => {
    const cache = new KeyCache(60_000);
    expect(cache.peek('key_1')).toBeUndefined(); // never loaded: only the store can tell
    await cache.get('key_1', async () => record(null));
    expect(cache.peek('key_1')?.id).toBe('key_1');
    await cache.get('key_2', async () => undefined);
    expect(cache.peek('key_2')).toBeNull(); // known not to exist
    cache.forget('key_1');
    expect(cache.peek('key_1')).toBeUndefined();
    const expiring = new KeyCache(0);
    await expiring.get('key_1', async () => record(null));
    expect(expiring.peek('key_1')).toBeUndefined();
  });
});
