import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { isConflict, stockApi, versionOf } from './api';

const lists = { stock: [{ id: 'a', width: 183, height: 366 }], bands: [{ code: 'B1' }] };

let sent: { method: string; body?: Record<string, unknown> }[];
let answer: () => Response;
beforeEach(() => {
  sent = [];
  answer = () => Response.json({ ...lists, version: 7 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
});

describe('stockApi and the list version', () => {
  it('reads the version GET answers and sends it back with PUT', async () => {
    const got = await stockApi.get();
    expect(versionOf(got)).toBe(7);
    answer = () => Response.json({ ...lists, version: 8 });
    const stored = await stockApi.put(got!, [], versionOf(got));
    expect(sent[1]).toEqual({ method: 'PUT', body: { ...lists, offcutsSeen: [], version: 7 } });
    expect(versionOf(stored)).toBe(8);
  });

  it('sends the version 0 of a list never saved', async () => {
    await stockApi.put(lists, [], 0);
    expect(sent[0].body).toEqual({ ...lists, offcutsSeen: [], version: 0 });
  });

  it('sends no version when the server gave none (a server from before versions)', async () => {
    answer = () => Response.json(lists);
    const got = await stockApi.get();
    expect(versionOf(got)).toBeUndefined();
    await stockApi.put(got!, [], versionOf(got));
    expect(sent[1].body).toEqual({ ...lists, offcutsSeen: [] });
    expect(sent[1].body).not.toHaveProperty('version');
  });

  it('takes no version that is not a whole number of saves', () => {
    for (const version of ['3', -1, 1.5, null, Number.NaN]) expect(versionOf({ ...lists, version } as never)).toBeUndefined();
    expect(versionOf(null)).toBeUndefined();
  });

  it('tells a save refused because the list was saved elsewhere since (409), with the server\'s message', async () => {
    const message = 'Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi; değişiklikleriniz kaydedilmedi.';
    answer = () => Response.json({ error: { code: 'conflict', message } }, { status: 409 });
    const e = await stockApi.put(lists, [], 3).catch((x: unknown) => x);
    expect(isConflict(e)).toBe(true);
    expect((e as ApiError).message).toBe(message);
    expect(isConflict(new ApiError('Lütfen tüm alanları doldurun!', 400))).toBe(false);
    expect(isConflict(new ApiError('', 0))).toBe(false);
  });
});
