import { describe, expect, it } from 'vitest';
import type { Part } from './parts';
import { filterParts, isSearching, searchKey } from './partSearch';
import { partMsg } from './texts';

const part = (id: string, name: string, width = 30, height = 40): Part => ({ id, name, width, height, quantity: 1 });
const parts = [
  part('a', 'KAPAK ÜST', 45.5, 60),
  part('b', 'Kapak 12'),
  part('c', 'Sağ Yan'),
  part('d', 'İÇ BÖLME'),
  part('e', 'Kapı Kulpu'),
  part('f', 'DIŞ KAPI'),
  part('g', 'ışık rafı'),
];
const ids = (query: string, keep?: ReadonlySet<string>) => filterParts(parts, query, keep).map((p) => p.id);

describe('filterParts', () => {
  it('matches names case aside, the Turkish way, and without Turkish letters', () => {
    expect(ids('kapak')).toEqual(['a', 'b']);
    expect(ids('KAPAK')).toEqual(['a', 'b']);
    expect(ids('sag')).toEqual(['c']);
    expect(ids('SAĞ')).toEqual(['c']);
    expect(ids('iç')).toEqual(['d']);
    expect(ids('İç bölme')).toEqual(['d']);
    expect(ids('ic bolme')).toEqual(['d']);
    expect(ids('ÜST')).toEqual(['a']);
    expect(ids('kapı')).toEqual(['e', 'f']);
    expect(ids('KAPI')).toEqual(['e', 'f']);
    expect(ids('dis kapi')).toEqual(['f']);
    expect(ids('IŞIK')).toEqual(['g']);
    expect(ids('isik')).toEqual(['g']);
  });

  it('matches the size as a card writes it, a decimal point taken as a comma', () => {
    expect(ids('45,5')).toEqual(['a']);
    expect(ids('45.5')).toEqual(['a']);
    expect(ids('45,5 x 60')).toEqual(['a']);
    expect(ids('60 cm')).toEqual(['a']);
    expect(ids('30x40')).toEqual(['b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('does not match across the name and the size', () => {
    // "Kapak 12" of 30 x 40 cm: "12" then "30" are two fields
    expect(ids('1230')).toEqual([]);
  });

  it('gives the list itself for a query of nothing to look for, and keeps the lines asked for', () => {
    expect(filterParts(parts, '')).toBe(parts);
    expect(filterParts(parts, '  - ')).toBe(parts);
    expect(isSearching(' - ')).toBe(false);
    expect(isSearching('a')).toBe(true);
    expect(ids('sag', new Set(['b']))).toEqual(['b', 'c']);
  });

  it('folds a part again when its name changed in place', () => {
    const p = part('x', 'Raf');
    expect(searchKey(p)).toBe('raf\n30x40cm');
    p.name = 'Kapak';
    expect(searchKey(p)).toBe('kapak\n30x40cm');
  });
});

describe('partMsg.searchCount', () => {
  it("says how many of how many lines are shown, the suffix after the number as it is read", () => {
    expect(partMsg.searchCount(3000, 12)).toBe("3.000 satırdan 12'si gösteriliyor");
    const suffixes: [number, string][] = [
      [0, "0'ı"],
      [1, "1'i"],
      [2, "2'si"],
      [3, "3'ü"],
      [4, "4'ü"],
      [5, "5'i"],
      [6, "6'sı"],
      [7, "7'si"],
      [8, "8'i"],
      [9, "9'u"],
      [10, "10'u"],
      [20, "20'si"],
      [30, "30'u"],
      [40, "40'ı"],
      [50, "50'si"],
      [60, "60'ı"],
      [70, "70'i"],
      [80, "80'i"],
      [90, "90'ı"],
      [100, "100'ü"],
      [111, "111'i"],
      [1000, "1.000'i"],
      [2500, "2.500'ü"],
      [20000, "20.000'i"],
      [1000000, "1.000.000'u"],
    ];
    for (const [n, text] of suffixes) expect(partMsg.searchCount(20000, n)).toBe(`20.000 satırdan ${text} gösteriliyor`);
  });
});
