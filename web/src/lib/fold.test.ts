import { describe, expect, it } from 'vitest';
import { foldName } from './fold';

describe('foldName', () => {
  it('folds Turkish letters and case as the server folds a layout search (store.FoldName)', () => {
    // the cases of store's FoldName test: "kapi" finds "KAPI", "Kapı" and "KAPİ", "cekmece" finds "Çekmece"
    for (const s of ['KAPI', 'Kapı', 'KAPİ', 'kapi']) expect(foldName(s)).toBe('kapi');
    expect(foldName('Çekmece Ğ Ş Ü Ö â Î û')).toBe('cekmece g s u o a i u');
    expect(foldName('İç Yan 45,5x72')).toBe('ic yan 45,5x72');
  });
});
