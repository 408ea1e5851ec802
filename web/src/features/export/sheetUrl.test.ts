import { describe, expect, it, vi } from 'vitest';
import { checklistBase, loopbackHost, MAX_SHEET_URL, samePlan, sheetUrlBase } from './sheetUrl';
import { exportMsg } from './texts';

describe('sheetUrlBase', () => {
  it("is the saved job's checklist address, the sheet's number to follow", () => {
    expect(sheetUrlBase('https://kesim.atolye.local', 'lay-42')).toBe('https://kesim.atolye.local/is/lay-42/levha/');
    expect(sheetUrlBase('http://192.168.1.20:8080', '7')).toBe('http://192.168.1.20:8080/is/7/levha/');
  });

  it('gives no address without a job on the server', () => {
    expect(sheetUrlBase('https://kesim.atolye.local', undefined)).toBeUndefined();
    expect(sheetUrlBase('https://kesim.atolye.local', null)).toBeUndefined();
    expect(sheetUrlBase('https://kesim.atolye.local', '')).toBeUndefined();
  });

  it('gives no address on a page the phone cannot open, or one too long for the exporters', () => {
    expect(sheetUrlBase('null', 'lay-42')).toBeUndefined();
    expect(sheetUrlBase('file://', 'lay-42')).toBeUndefined();
    expect(sheetUrlBase('https://k.local', 'x'.repeat(MAX_SHEET_URL))).toBeUndefined();
  });

  it('gives no address on a page opened by a loopback name or address, which sends a phone to itself', () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'https://127.1.2.3', 'http://[::1]:8080', 'http://kesim.localhost', 'http://0.0.0.0:8080', 'http://LOCALHOST']) {
      expect(sheetUrlBase(origin, 'lay-42')).toBeUndefined();
    }
    expect(['http://127.0.0.1:8080', 'http://[::1]:8080', 'http://192.168.1.20:8080', 'https://kesim.atolye.local', 'http://128.0.0.1'].map(loopbackHost)).toEqual([
      '127.0.0.1',
      '[::1]',
      null,
      null,
      null,
    ]);
    expect(sheetUrlBase('http://192.168.1.20:8080', 'lay-42')).toBe('http://192.168.1.20:8080/is/lay-42/levha/');
  });

  it('keeps an id with odd letters inside its path segment', () => {
    expect(sheetUrlBase('https://k.local', 'a/b?c')).toBe('https://k.local/is/a%2Fb%3Fc/levha/');
  });
});

describe('checklistBase', () => {
  const result = {
    sheet: { width: 100, height: 148 },
    pages: [{ id: 'page-0', efficiency: 50, parts: [{ id: 'yan-0', name: 'Yan', x: 0, y: 0, width: 50, height: 70, rotated: false, originalIndex: 0 }] }],
    skipped: [],
    stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 50, placed: 1, elapsedMs: 1 },
  };
  const moved = { ...result, pages: [{ ...result.pages[0], parts: [{ ...result.pages[0].parts[0], x: 50 }] }] };
  const origin = 'https://kesim.atolye.local';

  it("is the job's address when the server keeps the layout shown", async () => {
    const read = vi.fn(async () => ({ result: structuredClone(result) }));
    expect(await checklistBase('lay-42', result, origin, read)).toEqual({ base: `${origin}/is/lay-42/levha/` });
    expect(read).toHaveBeenCalledWith('lay-42');
  });

  it('is none, with a note, when the job on the server is another layout, has none, or cannot be read', async () => {
    expect(await checklistBase('lay-42', result, origin, async () => ({ result: moved }))).toEqual({ note: exportMsg.qrNotSaved });
    expect(await checklistBase('lay-42', result, origin, async () => ({ result: null }))).toEqual({ note: exportMsg.qrNotSaved });
    const gone = async () => {
      throw new Error('404');
    };
    expect(await checklistBase('lay-42', result, origin, gone)).toEqual({ note: exportMsg.qrUnreadable });
  });

  it('is none on a loopback page, with a note saying how to get the codes, asking the server nothing', async () => {
    const read = vi.fn(async () => ({ result }));
    expect(await checklistBase('lay-42', result, 'http://127.0.0.1:8080', read)).toEqual({ note: exportMsg.qrLoopback('127.0.0.1') });
    expect(read).not.toHaveBeenCalled();
    expect(await checklistBase(undefined, result, 'http://127.0.0.1:8080', read)).toEqual({});
  });

  it('asks nothing without a job', async () => {
    const read = vi.fn(async () => ({ result }));
    expect(await checklistBase(undefined, result, origin, read)).toEqual({});
    expect(read).not.toHaveBeenCalled();
  });

  it('samePlan compares the sheets, their pieces and places', () => {
    expect(samePlan(result, structuredClone(result))).toBe(true);
    expect(samePlan(result, moved)).toBe(false);
    expect(samePlan(result, { pages: [] })).toBe(false);
  });
});
