import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StorageModule from './storage';

// Each test reads a fresh module: what was told is the module's memory.
let storage: typeof StorageModule;
beforeEach(async () => {
  vi.resetModules();
  storage = await import('./storage');
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** refuse makes localStorage refuse every write of a value longer than room (0: every write), as a full storage does. */
function refuse(room = 0) {
  const setItem = Storage.prototype.setItem;
  return vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
    if (value.length > room) throw full();
    setItem.call(this, key, value);
  });
}

describe('storageSet', () => {
  it('never throws a refused write, and tells it once a kind until a write of it goes through', () => {
    const told: StorageModule.NotKept[] = [];
    const stop = storage.onNotKept((e) => told.push(e));
    refuse();
    expect(storage.storageSet('quote', () => localStorage, 'k', 'abc')).toBe(false);
    expect(storage.storageSet('quote', () => localStorage, 'k', 'abcd')).toBe(false);
    expect(storage.storageSet('merge', () => localStorage, 'm', '1')).toBe(false);
    expect(told).toEqual([
      { kind: 'quote', full: true },
      { kind: 'merge', full: true },
    ]);
    vi.restoreAllMocks();
    expect(storage.storageSet('quote', () => localStorage, 'k', 'abc')).toBe(true);
    expect(localStorage.getItem('k')).toBe('abc');
    // Room was made, and the storage is full again: told again.
    refuse();
    storage.storageSet('quote', () => localStorage, 'k', 'abcde');
    expect(told.map((e) => e.kind)).toEqual(['quote', 'merge', 'quote']);
    stop();
  });

  it('tells again only after a write as long as the shortest refused went through, not a shorter one (which frees room)', () => {
    const told: string[] = [];
    const stop = storage.onNotKept((e) => told.push(e.kind));
    refuse(5);
    storage.storageSet('ticks', () => sessionStorage, 't', '{"a":true,"b":true}');
    // a tick answered: a shorter list goes through; the next tick is refused again, and not told again
    expect(storage.storageSet('ticks', () => sessionStorage, 't', '{}')).toBe(true);
    storage.storageSet('ticks', () => sessionStorage, 't', '{"b":true,"c":true}');
    expect(told).toEqual(['ticks']);
    stop();
  });

  it('tells a refusal for another reason than a full storage as such, and a store that cannot be reached at all', () => {
    const told: StorageModule.NotKept[] = [];
    const stop = storage.onNotKept((e) => told.push(e));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    storage.storageSet('draft', () => sessionStorage, 'd', 'x');
    storage.storageSet('recuts', () => {
      throw new DOMException('denied', 'SecurityError');
    }, 'r', 'x');
    expect(told).toEqual([
      { kind: 'draft', full: false },
      { kind: 'recuts', full: false },
    ]);
    stop();
  });

  it('counts nothing as told while nobody listens', () => {
    refuse();
    storage.storageSet('quote', () => localStorage, 'k', 'abc');
    const told: string[] = [];
    const stop = storage.onNotKept((e) => told.push(e.kind));
    storage.storageSet('quote', () => localStorage, 'k', 'abc');
    expect(told).toEqual(['quote']);
    stop();
  });
});

describe('storageRemove', () => {
  it('tells a refused removal, never throws, and one that goes through tells nothing of room', () => {
    const told: string[] = [];
    const stop = storage.onNotKept((e) => told.push(e.kind));
    localStorage.setItem('w', 'x');
    const remove = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(storage.storageRemove('signOut', () => localStorage, 'w')).toBe(false);
    expect(localStorage.getItem('w')).toBe('x');
    remove.mockRestore();
    refuse();
    storage.storageSet('merge', () => localStorage, 'm', '1');
    vi.restoreAllMocks();
    expect(storage.storageRemove('merge', () => localStorage, 'm')).toBe(true);
    refuse();
    storage.storageSet('merge', () => localStorage, 'm', '1');
    expect(told).toEqual(['signOut', 'merge']);
    stop();
  });

  it('tells a refused removal again once one of its kind went through and another is refused', () => {
    const told: string[] = [];
    const stop = storage.onNotKept((e) => told.push(e.kind));
    const deny = () =>
      vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
    deny();
    storage.storageRemove('signOut', () => localStorage, 'w');
    storage.storageRemove('signOut', () => localStorage, 'w');
    expect(told).toEqual(['signOut']); // once
    vi.restoreAllMocks();
    expect(storage.storageRemove('signOut', () => localStorage, 'w')).toBe(true);
    deny();
    storage.storageRemove('signOut', () => localStorage, 'w');
    expect(told).toEqual(['signOut', 'signOut']);
    stop();
  });
});
