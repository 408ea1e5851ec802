import { describe, expect, it } from 'vitest';
import { roundUpCm } from '../../lib/number';
import { splitUnit } from '../../lib/csv';
import { shiftDecimal } from '../../lib/number';
import {
  checkDraft,
  checkExtras,
  dataSize,
  describeExtras,
  extrasDraft,
  hasExtras,
  isTabular,
  looksLikeMm,
  parseGrain,
  parsePartCsv,
  parsePaste,
  showBanner,
  sizePair,
  totals,
  wordKey,
  type Part,
} from './parts';

const part = (quantity: number, i = 0): Part => ({ id: `p${i}`, name: `P${i}`, width: 10, height: 20, quantity });

describe('checkDraft', () => {
  it('needs every field', () => {
    expect(checkDraft({ name: ' ', width: '1', height: '1', quantity: '1' })).toMatchObject({ ok: false, error: 'Lütfen tüm alanları doldurun!' });
    expect(checkDraft({ name: 'A', width: '', height: '1', quantity: '1' })).toMatchObject({ ok: false, field: 'width' });
  });
  it('needs positive values', () => {
    for (const d of [
      { name: 'A', width: '0', height: '1', quantity: '1' },
      { name: 'A', width: '-3', height: '1', quantity: '1' },
      { name: 'A', width: '1', height: '1', quantity: '0' },
      { name: 'A', width: '1', height: '1', quantity: '1,5' },
    ]) {
      expect(checkDraft(d)).toMatchObject({ ok: false, error: 'Lütfen geçerli pozitif değerler girin!' });
    }
    // A side past the saved sizes' limit says so, in the server's words.
    expect(checkDraft({ name: 'A', width: '1001', height: '1', quantity: '1' })).toMatchObject({ ok: false, error: 'Ölçüler en fazla 1.000 cm olabilir.', field: 'width' });
    expect(checkDraft({ name: 'A', width: '1', height: '1.200', quantity: '1' })).toMatchObject({ ok: false, error: 'Ölçüler en fazla 1.000 cm olabilir.', field: 'height' });
  });
  it('tells a number past the limits written with an exponent the limit, as it tells the same number in digits', () => {
    const base = { name: 'A', width: '1', height: '1', quantity: '1' };
    for (const [big, digits] of [
      ['1e5', '100000'],
      ['1E5', '100000'],
      ['2,5e3', '2500'],
      ['1.5e+4', '15000'],
      ['1e400', '1' + '0'.repeat(400)],
    ]) {
      for (const field of ['width', 'height'] as const) {
        const written = checkDraft({ ...base, [field]: big });
        expect(written).toEqual(checkDraft({ ...base, [field]: digits }));
        expect(written).toEqual({ ok: false, error: 'Ölçüler en fazla 1.000 cm olabilir.', field });
      }
    }
    expect(checkDraft({ ...base, quantity: '1e6' })).toEqual(checkDraft({ ...base, quantity: '1000000' }));
    expect(checkDraft({ ...base, quantity: '1e6' })).toEqual({ ok: false, error: 'Adet en fazla 100.000 olabilir.', field: 'quantity' });
    // Just past 1000 once rounded up to 0,01 cm, as 1000,0001 is.
    expect(checkDraft({ ...base, width: '1,0000001e3' })).toEqual(checkDraft({ ...base, width: '1000,0001' }));
    expect(checkDraft({ ...base, width: '1,0000001e3' })).toMatchObject({ ok: false, error: 'Ölçüler en fazla 1.000 cm olabilir.' });
    // Within the limits (or below them) the form still reads no exponent: the specification's words.
    for (const small of ['1e2', '1e3', '1e-5', '-1e5']) {
      expect(checkDraft({ ...base, width: small })).toEqual({ ok: false, error: 'Lütfen geçerli pozitif değerler girin!', field: 'width' });
    }
    expect(checkDraft({ ...base, quantity: '1e2' })).toEqual({ ok: false, error: 'Lütfen geçerli pozitif değerler girin!', field: 'quantity' });
  });
  it('refuses a quantity or a name past the saved limits in the server’s words, never cutting the name', () => {
    const base = { name: 'A', width: '1', height: '1', quantity: '1' };
    expect(checkDraft({ ...base, quantity: '100001' })).toEqual({ ok: false, error: 'Adet en fazla 100.000 olabilir.', field: 'quantity' });
    expect(checkDraft({ ...base, quantity: '100.001' })).toEqual({ ok: false, error: 'Adet en fazla 100.000 olabilir.', field: 'quantity' });
    expect(checkDraft({ ...base, quantity: '100000' })).toMatchObject({ ok: true, part: { quantity: 100000 } });
    expect(checkDraft({ ...base, name: 'ş'.repeat(201) })).toEqual({ ok: false, error: 'Ad en fazla 200 karakter olabilir.', field: 'name' });
    expect(checkDraft({ ...base, name: ` ${'ş'.repeat(200)} ` })).toMatchObject({ ok: true, part: { name: 'ş'.repeat(200) } });
  });
  it('reads a side with a leading zero and a dot as a decimal: 0.250 is 0,25 cm', () => {
    expect(checkDraft({ name: 'A', width: '0.250', height: '00.500', quantity: '1' })).toEqual({ ok: true, part: { name: 'A', width: 0.25, height: 0.5, quantity: 1 } });
  });
  it('trims the name and reads decimal commas', () => {
    expect(checkDraft({ name: '  Çekmece Ön ', width: '45,5', height: '20', quantity: '3' })).toEqual({
      ok: true,
      part: { name: 'Çekmece Ön', width: 45.5, height: 20, quantity: 3 },
    });
  });
});

describe('sizes as the engine cuts them', () => {
  it('rounds a side finer than 0,1 mm up and keeps two decimals', () => {
    expect(checkDraft({ name: 'Raf', width: '45,555', height: '0,101', quantity: '1' })).toEqual({
      ok: true,
      part: { name: 'Raf', width: 45.56, height: 0.11, quantity: 1 },
    });
    expect(checkDraft({ name: 'Raf', width: '0,29', height: '45,55', quantity: '1' })).toEqual({
      ok: true,
      part: { name: 'Raf', width: 0.29, height: 45.55, quantity: 1 },
    });
    expect(checkDraft({ name: 'Raf', width: '999,999', height: '50,004', quantity: '1' })).toEqual({
      ok: true,
      part: { name: 'Raf', width: 1000, height: 50.01, quantity: 1 },
    });
    // A side that rounds to nothing, or past 1000 cm, is refused.
    for (const [width, error] of [
      ['0,0000001', 'Lütfen geçerli pozitif değerler girin!'],
      ['1000,001', 'Ölçüler en fazla 1.000 cm olabilir.'],
    ]) {
      expect(checkDraft({ name: 'A', width, height: '1', quantity: '1' })).toMatchObject({ ok: false, error, field: 'width' });
    }
  });
  it('refuses a side below the specification’s 0,1 cm, in the form, a paste and a CSV file', () => {
    expect(checkDraft({ name: 'Raf', width: '0,1', height: '0,1', quantity: '1' })).toEqual({ ok: true, part: { name: 'Raf', width: 0.1, height: 0.1, quantity: 1 } });
    expect(checkDraft({ name: 'Raf', width: '0,04', height: '1', quantity: '1' })).toEqual({ ok: false, error: 'Lütfen geçerli pozitif değerler girin!', field: 'width' });
    expect(checkDraft({ name: 'Raf', width: '1', height: '0,001', quantity: '1' })).toEqual({ ok: false, error: 'Lütfen geçerli pozitif değerler girin!', field: 'height' });
    expect(checkDraft({ name: 'Raf', width: '1', height: '0,099', quantity: '1' })).toMatchObject({ ok: false, field: 'height' });
    const pasted = parsePaste('Çıta\t0,04\t10\t1\nRaf\t0,1\t0,5\t2');
    expect(pasted.parts).toEqual([{ name: 'Raf', width: 0.1, height: 0.5, quantity: 2 }]);
    // a list names the cell and the range, as kesim nest does; the form keeps the specification's words
    expect(pasted.errors).toEqual(['Satır 1 (Çıta), genişlik: "0,04" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın.']);
    expect(parsePartCsv('Ad;Genişlik;Yükseklik;Adet\nÇıta;10;0,001;1').errors).toEqual(['Satır 2 (Çıta), yükseklik: "0,001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın.']);
  });
  it('rounds as the engine: within 1e-4 of a whole 0,1 mm is that', () => {
    expect([0.3, 0.57, 0.07, 45.5, 1.005, 50.0001, 0.0000001, 0.000002].map(roundUpCm)).toEqual([
      0.3, 0.57, 0.07, 45.5, 1.01, 50.01, 0, 0.01,
    ]);
  });
});

describe('parsePaste', () => {
  it('adds good rows and names the bad ones by line, name and field', () => {
    const r = parsePaste('Ad\tGenişlik\tYükseklik\tAdet\r\nKapak\t50\t74\t2\r\nRaf\t45,5\t30\r\n\r\nBozuk\tabc\t10\t1\r\n');
    expect(r.parts).toEqual([
      { name: 'Kapak', width: 50, height: 74, quantity: 2 },
      { name: 'Raf', width: 45.5, height: 30, quantity: 1 },
    ]);
    expect(r.errors).toEqual(['Satır 5 (Bozuk), genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.']);
  });
  it('reports a bad first row instead of taking it for a header', () => {
    const r = parsePaste('Kötü\t45,5,5\t30\t1\nİyi\t40\t30\t1\n');
    expect(r.parts).toEqual([{ name: 'İyi', width: 40, height: 30, quantity: 1 }]);
    expect(r.errors).toEqual(['Satır 1 (Kötü), genişlik: "45,5,5" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.']);
    expect(parsePaste('Tek\tabc\t30\t1').errors).toEqual(['Satır 1 (Tek), genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.']);
    // a row of words is a header, read by its names: one it does not know adds nothing and says why
    const unknown = parsePaste('Sütun A\tSütun B\tSütun C\tSütun D\nRaf\t40\t30\t2\n');
    expect(unknown.parts).toEqual([]);
    expect(unknown.notes.slice(0, 2)).toEqual([
      'Başlık satırında ad, genişlik ve yükseklik sütunları yok; hiçbir parça eklenmedi.',
      'Tanınmayan sütunlar: Sütun A, Sütun B, Sütun C, Sütun D',
    ]);
    expect(parsePaste('Parça\tEn\tBoy\n')).toEqual({ parts: [], errors: [], notes: [] });
  });
});

describe('size flags', () => {
  it('follows the specification thresholds', () => {
    expect(showBanner([part(200)])).toBe(false);
    expect(showBanner([part(201)])).toBe(true);
    expect(showBanner(Array.from({ length: 101 }, (_, i) => part(1, i)))).toBe(true);
    expect(dataSize([part(500)])).toBe('normal');
    expect(dataSize([part(501)])).toBe('large');
    expect(dataSize([part(2001)])).toBe('ultra');
    expect(dataSize(Array.from({ length: 501 }, (_, i) => part(1, i)))).toBe('ultra');
    expect(totals([part(2), part(3, 1)])).toEqual({ pieces: 5, types: 2, area: 1000 });
  });
});

describe('the optional columns', () => {
  const base = { name: 'Kapak', width: '40', height: '70', quantity: '2' };

  it('leave a part without them exactly as before', () => {
    const c = checkDraft({ ...base, material: ' ', thickness: '', grain: 'none', top: '', bottom: ' ', left: '', right: '' });
    expect(c).toEqual({ ok: true, part: { name: 'Kapak', width: 40, height: 70, quantity: 2 } });
    expect(Object.keys(c.ok ? c.part : {})).toEqual(['name', 'width', 'height', 'quantity']);
  });

  it('carry material, thickness, grain and the banded edges only', () => {
    expect(checkDraft({ ...base, material: ' Ceviz MDF ', thickness: '18', grain: 'vertical', top: 'B1', left: ' B2 ' })).toEqual({
      ok: true,
      part: { name: 'Kapak', width: 40, height: 70, quantity: 2, material: 'Ceviz MDF', thickness: 18, grain: 'vertical', edges: { top: 'B1', left: 'B2' } },
    });
    // A decimal comma, and 0 mm meaning no thickness.
    expect(checkExtras({ thickness: '5,5' })).toEqual({ ok: true, extras: { thickness: 5.5 } });
    expect(checkExtras({ thickness: '0' })).toEqual({ ok: true, extras: {} });
  });

  it('refuse a bad thickness, a long text and an unknown band in Turkish, naming the field', () => {
    for (const thickness of ['-1', '1000,5', 'on sekiz', '1e3']) {
      expect(checkDraft({ ...base, thickness })).toEqual({ ok: false, error: 'Kalınlık 0 ile 1.000 mm arasında olmalı.', field: 'thickness' });
    }
    expect(checkExtras({ thickness: '1000' })).toEqual({ ok: true, extras: { thickness: 1000 } });
    expect(checkDraft({ ...base, material: 'ş'.repeat(201) })).toEqual({ ok: false, error: 'Metin en fazla 200 karakter olabilir.', field: 'material' });
    expect(checkExtras({ material: 'ş'.repeat(200) })).toMatchObject({ ok: true });
    expect(checkDraft({ ...base, right: 'x'.repeat(201) })).toMatchObject({ ok: false, error: 'Metin en fazla 200 karakter olabilir.', field: 'right' });
    expect(checkDraft({ ...base, bottom: 'B9' }, ['B1', 'B2'])).toEqual({ ok: false, error: 'Bilinmeyen bant kodu.', field: 'bottom' });
    // Without a list any code goes; with one, a code in another case is the list's code.
    expect(checkExtras({ bottom: 'B9' })).toEqual({ ok: true, extras: { edges: { bottom: 'B9' } } });
    expect(checkExtras({ top: 'pvc-i' }, ['PVC-İ'])).toEqual({ ok: true, extras: { edges: { top: 'PVC-İ' } } });
    // The required fields still come first.
    expect(checkDraft({ ...base, name: '', thickness: '-1' })).toMatchObject({ field: 'name' });
  });

  it('read back into the form as they were entered', () => {
    const extras = { material: 'Beyaz Sunta', thickness: 5.5, grain: 'horizontal' as const, edges: { top: 'B1', right: 'B2' } };
    const d = extrasDraft(extras);
    expect(d).toEqual({ material: 'Beyaz Sunta', thickness: '5,5', grain: 'horizontal', top: 'B1', bottom: '', left: '', right: 'B2' });
    expect(checkExtras(d)).toEqual({ ok: true, extras });
    expect(hasExtras(extras)).toBe(true);
    expect(hasExtras({ grain: 'none', edges: {} })).toBe(false);
  });

  it('are described on one line', () => {
    expect(describeExtras({ material: 'Beyaz Sunta', thickness: 18, grain: 'vertical', edges: { top: 'B1', left: 'B1' } })).toBe(
      'Beyaz Sunta · 18 mm · damar dikey · bant: üst B1, sol B1',
    );
    expect(describeExtras({ edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B1' } })).toBe('bant: B1 (tüm kenarlar)');
    expect(describeExtras({ thickness: 0.8, grain: 'horizontal' })).toBe('0,8 mm · damar yatay');
    expect(describeExtras({})).toBe('');
  });
});

describe('parsePaste with the optional columns', () => {
  it('reads Turkish headers in any order', () => {
    const r = parsePaste('Malzeme\tKalınlık (mm)\tAdet\tBoy\tEn\tParça\tDamar\tBant Üst\tBant Sağ\nCeviz MDF\t18\t2\t70\t40\tKapak\tdikey\tB1\t\nBeyaz Sunta\t\t1\t56\t72\tYan\tyok\t\tB2\n');
    expect(r.errors).toEqual([]);
    expect(r.parts).toEqual([
      { name: 'Kapak', width: 40, height: 70, quantity: 2, material: 'Ceviz MDF', thickness: 18, grain: 'vertical', edges: { top: 'B1' } },
      { name: 'Yan', width: 72, height: 56, quantity: 1, material: 'Beyaz Sunta', edges: { right: 'B2' } },
    ]);
  });

  it('reads ASCII and upper-case spellings, one band for every edge, and a per-edge band over it', () => {
    const r = parsePaste('GENISLIK\tyukseklik\tparca adi\tkalinlik\tDAMAR YONU\tbant\tbant_sag\tdondur\n45,5\t30\tRaf\t18\tYATAY\tB1\tB2\thayir\n');
    expect(r.errors).toEqual([]);
    expect(r.parts).toEqual([
      { name: 'Raf', width: 45.5, height: 30, quantity: 1, thickness: 18, grain: 'horizontal', edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B2' }, rotate: false },
    ]);
  });

  it('reads rows without a header as ad, genişlik, yükseklik, adet and refuses a further cell, as kesim nest does (döndür, a material or a note?)', () => {
    const r = parsePaste('Kapak\t40\t70\t2\tCeviz MDF\t18\tdikey\tB1\nRaf\t45\t30\nÇıta\t45\t3\t1\t\n');
    expect(r.errors).toEqual([
      'Satır 1 (Kapak): sütunlardan fazla hücre var: başlık satırı olmadan yalnızca ad, genişlik, yükseklik ve adet okunur; öteki sütunlar için ilk satıra sütun adlarını yazın (ör. Ad, Genişlik, Yükseklik, Adet, Döndür).',
    ]);
    expect(r.parts).toEqual([
      { name: 'Raf', width: 45, height: 30, quantity: 1 },
      { name: 'Çıta', width: 45, height: 3, quantity: 1 },
    ]);
    // in a CSV file with semicolons too; a header row names a notes column to leave out
    expect(parsePartCsv('Kapak;40;70;2;hayır\n').errors).toHaveLength(1);
    expect(parsePartCsv('Ad;Genişlik;Yükseklik;Adet;Not\nKapak;40;70;2;kulplu\n')).toMatchObject({
      parts: [{ name: 'Kapak', width: 40, height: 70, quantity: 2 }],
      errors: [],
      notes: ['Tanınmayan sütunlar: Not'],
    });
  });

  it('names bad values by line, part and column in Turkish, and adds the good rows', () => {
    const r = parsePaste(
      [
        'ad\tgenişlik\tyükseklik\tkalınlık\tdamar\tbant\tbant alt\tdöndür',
        'A\t10\t10\t2000\t\t\t\t',
        'B\t10\t10\t18\tçapraz\t\t\t',
        'C\t10\t10\t18\t\tB7\t\t',
        'D\t10\t10\t18\t\tB1\tB8\t',
        'E\t10\t10\t18\t\t\t\tbelki',
        'F\t10\t10\t18\tDikey (boy boyunca)\tb1\t\tevet',
      ].join('\n'),
      ['B1', 'B2'],
    );
    expect(r.errors).toEqual([
      'Satır 2 (A), kalınlık: Kalınlık 0 ile 1.000 mm arasında olmalı.',
      'Satır 3 (B), damar: "çapraz" yerine yok, dikey veya yatay yazın.',
      'Satır 4 (C), bant: Bilinmeyen bant kodu.',
      'Satır 5 (D), bant alt: Bilinmeyen bant kodu.',
      'Satır 6 (E), döndür: "belki" yerine evet veya hayır yazın.',
    ]);
    expect(r.parts).toEqual([
      { name: 'F', width: 10, height: 10, quantity: 1, thickness: 18, grain: 'vertical', edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B1' } },
    ]);
  });

  it('adds nothing under a header that does not name the sizes, and says which it lacks', () => {
    const r = parsePaste('Name\tW x\tH y\nKapak\t50\t74\n');
    expect(r.parts).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(r.notes.slice(0, 2)).toEqual(['Başlık satırında genişlik ve yükseklik sütunları yok; hiçbir parça eklenmedi.', 'Tanınmayan sütunlar: W x, H y']);
    expect(parsePaste('ad\tmalzeme\nKapak\tMDF\n')).toMatchObject({
      parts: [],
      errors: [],
      notes: ['Başlık satırında genişlik ve yükseklik sütunları yok; hiçbir parça eklenmedi.', expect.stringContaining('Başlıkta ad, genişlik ve yükseklik sütunları olmalı')],
    });
  });

  it('lists at most 20 bad rows and counts the rest', () => {
    const r = parsePaste(Array.from({ length: 25 }, (_, i) => `P${i}\t0\t10`).join('\n'));
    expect(r.parts).toEqual([]);
    expect(r.errors).toHaveLength(21);
    expect(r.errors[20]).toBe('… ve 5 satır daha');
  });

  it('matches header and grain words whatever their case and Turkish letters', () => {
    expect(['Genişlik (cm)', 'Genişlik cm', 'GENİŞLİK', 'genislik', 'Genıslık'].map((c) => wordKey(splitUnit(c).word))).toEqual(Array(5).fill('genislik'));
    expect(['yok', 'DİKEY', 'dikey', 'Yatay', 'horizontal', '', 'çapraz'].map(parseGrain)).toEqual([
      'none',
      'vertical',
      'vertical',
      'horizontal',
      'horizontal',
      'none',
      undefined,
    ]);
  });
});

describe('a header row read by its names', () => {
  it('adds nothing when a required column is missing, naming it and the unknown columns', () => {
    const noName = parsePaste('Genişlik\tYükseklik\tAdet\n40\t60\t2\n50\t70\t3\n');
    expect(noName.parts).toEqual([]);
    expect(noName.errors).toEqual([]);
    expect(noName.notes[0]).toBe('Başlık satırında ad sütunu yok; hiçbir parça eklenmedi.');
    const enDerinlik = parsePaste('Ad\tDerinlik\tEn\tAdet\tMalzeme\nKapakU\t70\t40\t2\tMDF\n');
    expect(enDerinlik.parts).toEqual([]);
    expect(enDerinlik.notes.slice(0, 2)).toEqual(['Başlık satırında yükseklik sütunu yok; hiçbir parça eklenmedi.', 'Tanınmayan sütunlar: Derinlik']);
  });

  it('reads a complete header and names the columns it did not read', () => {
    const r = parsePaste('Ad\tEn\tNot\tBoy\tAdet\tMalzeme\tGenişlik\nKapakU\t40\tkulplu\t70\t2\tMDF\t99\n');
    expect(r.parts).toEqual([{ name: 'KapakU', width: 40, height: 70, quantity: 2, material: 'MDF' }]);
    expect(r.errors).toEqual([]);
    expect(r.notes).toEqual(['Tanınmayan sütunlar: Not', 'Birden çok kez yazılan sütunların yalnızca ilki okundu: Genişlik']);
  });

  it('takes the CLI’s header names and the app’s own labels', () => {
    const english = parsePaste('quantity\tname\theight\twidth\tmaterial\tthickness\tgrain\tband\tband_right\trotate\n2\tDoor\t70\t40\tMDF\t18\tvertical\tB1\tB2\tno\n');
    expect(english).toEqual({
      parts: [{ name: 'Door', width: 40, height: 70, quantity: 2, material: 'MDF', thickness: 18, grain: 'vertical', edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B2' }, rotate: false }],
      errors: [],
      notes: [],
    });
    const labels = parsePaste('Parça Adı\tGenişlik (cm)\tYükseklik (cm)\tAdet\tKalınlık (mm)\tDamar yönü\tTüm kenarlar\tSağ\nKapak\t40\t70\t3\t18\tDikey (boy boyunca)\tB1\t\n');
    expect(labels).toEqual({ parts: [{ name: 'Kapak', width: 40, height: 70, quantity: 3, thickness: 18, grain: 'vertical', edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B1' } }], errors: [], notes: [] });
    const cli = parsePaste('isim\tmiktar\tgenislik\tboy\tkenar bandi\tbant_ust\tkalinlik (mm)\tdamar yonu\tdondur\nRaf\t\t45,5\t30\tB1\tB2\t18\tyatay\tevet\n');
    expect(cli).toEqual({ parts: [{ name: 'Raf', width: 45.5, height: 30, quantity: 1, thickness: 18, grain: 'horizontal', edges: { top: 'B2', bottom: 'B1', left: 'B1', right: 'B1' } }], errors: [], notes: [] });
  });
});

describe('cells as Excel copies them', () => {
  it('keeps a quoted cell with a line break (Alt+Enter) as one cell, the break a space', () => {
    expect(parsePaste('"Kapak\nSol"\t40\t60\t1\nRaf\t45\t30\t2\n')).toEqual({
      parts: [
        { name: 'Kapak Sol', width: 40, height: 60, quantity: 1 },
        { name: 'Raf', width: 45, height: 30, quantity: 2 },
      ],
      errors: [],
      notes: [],
    });
    // with a header, doubled quotes, and a bad row named by its row as Excel counts rows
    const r = parsePaste('Ad\tGenişlik\tYükseklik\r\n"Çekmece ""A""\r\nön"\t40\t60\r\n"Yan\r\nsol"\tx\t60\r\n');
    expect(r.parts).toEqual([{ name: 'Çekmece "A" ön', width: 40, height: 60, quantity: 1 }]);
    expect(r.errors).toEqual(['Satır 3 (Yan sol), genişlik: "x" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.']);
  });

  it('refuses a pasted name over 200 characters, showing it short', () => {
    const r = parsePaste(`${'K'.repeat(201)}\t40\t60\t1\n`);
    expect(r.parts).toEqual([]);
    expect(r.errors).toEqual([`Satır 1 (${'K'.repeat(40)}…), ad: 201 karakter; en fazla 200 karakterlik bir ad yazın.`]);
    expect(parsePaste('Kapak\t40\t60\t100001\n').errors).toEqual(['Satır 1 (Kapak), adet: "100001" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın.']);
  });
});

describe('semicolon- and comma-separated part lists', () => {
  it('takes a pasted block with a header like the tab-separated paste', () => {
    expect(isTabular('Ad;Genişlik;Yükseklik;Adet\nKapak;40;60;2')).toBe(true);
    expect(isTabular('name,width,height\nDoor,40,60\n')).toBe(true);
    expect(isTabular('Kapak\t40')).toBe(true);
    for (const text of ['Kapak', 'Kapak;Sol', 'Ad, Soyad\nAyşe, Yılmaz', '1.450,50', 'Ad;Genişlik;Yükseklik;Adet']) expect(isTabular(text)).toBe(false);
    // a title above the header, a comma in it or not, as the reader leaves it out
    expect(isTabular('Mutfak, Ocak 2026\nAd;Genişlik;Yükseklik;Adet\nKapak;40;60;2')).toBe(true);
    expect(isTabular('Mutfak dolabı\nAd;Genişlik;Yükseklik;Adet\nKapak;40;60;2')).toBe(true);
    expect(isTabular('Mutfak, Ocak 2026\nAd;Genişlik;Yükseklik;Adet')).toBe(false);
    expect(parsePaste('Ad;Genişlik;Yükseklik;Adet\r\nKapak;40;60;2\r\nRaf;45,5;30;\r\n')).toEqual({
      parts: [
        { name: 'Kapak', width: 40, height: 60, quantity: 2 },
        { name: 'Raf', width: 45.5, height: 30, quantity: 1 },
      ],
      errors: [],
      notes: [],
    });
  });

  it('reads a comma-separated list with quoted decimal commas, and refuses an unquoted one', () => {
    const r = parsePaste('Ad,Genişlik,Yükseklik,Adet\nKapak,"45,5",60,2\nRaf,45,5,30,2\n');
    expect(r.parts).toEqual([{ name: 'Kapak', width: 45.5, height: 60, quantity: 2 }]);
    expect(r.errors).toEqual(['Satır 3 (Raf): sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5").']);
  });

  it('refuses a comma-separated row without a header that reads two ways, and takes whole numbers', () => {
    const r = parsePartCsv('Kapak,45,5,30\nRaf,45,30,2\nÇıta,120,8,10\nYan,"45,5",30\nArka,45,5\nAlt,45,5,\n');
    expect(r.errors).toEqual([
      'Satır 1 (Kapak): 45,5 ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın.',
      'Satır 3 (Çıta): 120,8 ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın.',
    ]);
    // whole numbers, a quoted decimal, and rows whose other reading lacks a height are read as written
    expect(r.parts).toEqual([
      { name: 'Raf', width: 45, height: 30, quantity: 2 },
      { name: 'Yan', width: 45.5, height: 30, quantity: 1 },
      { name: 'Arka', width: 45, height: 5, quantity: 1 },
      { name: 'Alt', width: 45, height: 5, quantity: 1 },
    ]);
    // with semicolons, tabs or a header row there is no question
    expect(parsePartCsv('Kapak;45;5;30\n').parts).toEqual([{ name: 'Kapak', width: 45, height: 5, quantity: 30 }]);
    expect(parsePartCsv('Ad,Genişlik,Yükseklik,Adet\nKapak,45,5,30\n').parts).toEqual([{ name: 'Kapak', width: 45, height: 5, quantity: 30 }]);
  });

  it('reads a CSV file as kesim nest does: a BOM, semicolons, Turkish headers in any order, the same report', () => {
    const r = parsePartCsv('\uFEFFAdet;Malzeme;Ad;Yükseklik;Genişlik;Bant Üst\r\n2;Beyaz Sunta;Kapak;70;40;B1\r\n;;Bozuk;70;abc;\r\n');
    expect(r.parts).toEqual([{ name: 'Kapak', width: 40, height: 70, quantity: 2, material: 'Beyaz Sunta', edges: { top: 'B1' } }]);
    expect(r.errors).toEqual(['Satır 3 (Bozuk), genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.']);
    // without a header: ad, genişlik, yükseklik, adet; commas, tabs
    expect(parsePartCsv('Kapak,40,60,2\n').parts).toEqual([{ name: 'Kapak', width: 40, height: 60, quantity: 2 }]);
    expect(parsePartCsv('Ad\tGenişlik\tYükseklik\nRaf\t45,5\t30\n').parts).toEqual([{ name: 'Raf', width: 45.5, height: 30, quantity: 1 }]);
    expect(parsePartCsv('Genişlik;Yükseklik;Adet\n40;60;2\n').notes[0]).toBe('Başlık satırında ad sütunu yok; hiçbir parça eklenmedi.');
    expect(parsePartCsv('')).toEqual({ parts: [], errors: [], notes: [] });
  });
});

describe('a header that names its unit', () => {
  it('converts sizes in mm to cm, then rounds and checks them as cm', () => {
    const r = parsePaste('Parça Adı\tEn (mm)\tBoy (mm)\tAdet\nKapak\t455\t300\t2\nRaf\t12000\t0,5\t1\nÇekmece\t455,55\t0,4\t1\n');
    expect(r.parts).toEqual([{ name: 'Kapak', width: 45.5, height: 30, quantity: 2 }]);
    expect(r.errors).toEqual([
      // the range in mm, as the cells were read
      'Satır 3 (Raf), genişlik: "12000" parça ölçüsü olamaz; 1 ile 10.000 mm arasında bir ölçü yazın.',
      'Satır 4 (Çekmece), yükseklik: "0,4" parça ölçüsü olamaz; 1 ile 10.000 mm arasında bir ölçü yazın.',
    ]);
    expect(r.converted).toBe("genişlik ve yükseklik mm'den cm'ye çevrildi");
    expect(parsePaste('Ad\tEn (mm)\tBoy (mm)\nÇekmece\t455,55\t100\n').parts).toEqual([{ name: 'Çekmece', width: 45.56, height: 10, quantity: 1 }]);
  });

  it('converts a thickness in cm to mm, and leaves sizes in cm and a thickness in mm as they are', () => {
    const r = parsePaste('Ad\tGenişlik (cm)\tYükseklik cm\tKalınlık (cm)\nKapak\t45,5\t30\t1,8\n');
    expect(r.parts).toEqual([{ name: 'Kapak', width: 45.5, height: 30, quantity: 1, thickness: 18 }]);
    expect(r.converted).toBe("kalınlık cm'den mm'ye çevrildi");
    const same = parsePaste('Ad\tGenişlik (cm)\tYükseklik (cm)\tKalınlık (mm)\nKapak\t45,5\t30\t18\n');
    expect(same).toEqual({ parts: [{ name: 'Kapak', width: 45.5, height: 30, quantity: 1, thickness: 18 }], errors: [], notes: [] });
  });

  it('reads the unit in brackets or after the word, in a CSV file too, as the stock reader does', () => {
    const csv = parsePartCsv('Ad;Genişlik mm;Yükseklik_MM;Adet (adet);Kalınlık [cm]\r\nKapak;455;1.200;2;0,125\r\n');
    expect(csv.parts).toEqual([{ name: 'Kapak', width: 45.5, height: 120, quantity: 2, thickness: 1.25 }]);
    expect(csv.converted).toBe("genişlik ve yükseklik mm'den cm'ye çevrildi; kalınlık cm'den mm'ye çevrildi");
    expect(parsePartCsv('Ad;Genişlik (m);Yükseklik (m)\r\nTabla;1,2;0,6\r\n').parts).toEqual([{ name: 'Tabla', width: 120, height: 60, quantity: 1 }]);
    // Nothing is said of a conversion when no part was added.
    expect(parsePaste('Ad\tEn (mm)\tBoy (mm)\nKapak\tabc\t300\n').converted).toBeUndefined();
  });

  it('refuses a unit a column does not take, naming the header and the units it takes, and adds nothing', () => {
    // "Genişlik (inç)" had been an unknown column ("genişlik sütunu yok"), "Kalınlık (inç)" dropped, "Genişlik (TL)" read as cm
    const r = parsePartCsv('Ad;Genişlik (inç);Yükseklik;Adet\r\nKapak;10;20;1\r\n');
    expect(r.parts).toEqual([]);
    expect(r.notes).toEqual(['"Genişlik (inç)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın.', 'Hiçbir parça eklenmedi.']);
    const paste = parsePaste('Ad\tGenişlik (TL)\tYükseklik\tKalınlık [in]\nKapak\t10\t20\t1\n');
    expect(paste.parts).toEqual([]);
    expect(paste.notes).toEqual([
      '"Genişlik (TL)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın.',
      '"Kalınlık [in]" başlığındaki birim tanınmıyor; kalınlık için mm, cm veya m yazın.',
      'Hiçbir parça eklenmedi.',
    ]);
    expect(isTabular('Ad;Genişlik (inç);Yükseklik\nKapak;10;20\n')).toBe(true);
    // on a column of no unit, words in brackets are only words
    expect(parsePartCsv('Ad (isim);Genişlik;Yükseklik;Adet (tane)\nKapak;10;20;3\n')).toEqual({ parts: [{ name: 'Kapak', width: 10, height: 20, quantity: 3 }], errors: [], notes: [] });
  });

  it('moves the decimal point on the digits, nothing lost', () => {
    expect(['455', '1,8', '0,125', '1.450', '0.250', '7', '-3,5', 'abc', ''].map((t) => shiftDecimal(t, -1))).toEqual([
      '45,5',
      '0,18',
      '0,0125',
      '145',
      '0,025',
      '0,7',
      '-0,35',
      'abc',
      '',
    ]);
    expect(['1,8', '0,125', '18', '0,0001'].map((t) => shiftDecimal(t, 1))).toEqual(['18', '1,25', '180', '0,001']);
    expect(shiftDecimal('1,2', 2)).toBe('120');
    expect(splitUnit('Fiyat (TL)')).toEqual({ word: 'Fiyat', unit: 'tl' });
    expect(splitUnit('(mm)')).toEqual({ word: '(mm)' });
    expect(splitUnit('Parça Adı')).toEqual({ word: 'Parça Adı' });
  });
});

describe('sizePair', () => {
  it('reads one line of two numbers, and nothing else', () => {
    expect(sizePair('45,5\t30\r\n')).toEqual(['45,5', '30']);
    expect(sizePair('1.200;0,5')).toEqual(['1.200', '0,5']);
    for (const text of ['45,5', 'Kapak\t30', '45\t30\t2', '45\t30\n50\t60', '45,5 30', '']) expect(sizePair(text)).toBeNull();
  });
});

describe('a part list from another tool', () => {
  it('reads CutList Optimizer’s, OpenCutList’s and a Turkish spreadsheet’s words: Length is the height, along the grain', () => {
    const clo = parsePartCsv('Length,Width,Qty,Material,Label,Enabled,Grain direction\n72,56,2,Sunta,Yan,TRUE,vertical\n');
    expect(clo).toEqual({ parts: [{ name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Sunta', grain: 'vertical' }], errors: [], notes: [] });
    const ocl = parsePartCsv('No.;Designation;Quantity;Length;Width;Thickness;Material name\nA;Kapak;2;600 mm;400 mm;18 mm;Sunta\n');
    expect(ocl.parts).toEqual([{ name: 'Kapak', width: 40, height: 60, quantity: 2, thickness: 18, material: 'Sunta' }]);
    expect(ocl.notes).toEqual(['Tanınmayan sütunlar: No.']);
    // in the columns' order, as a header's units are told
    expect(ocl.converted).toBe("yükseklik ve genişlik mm'den cm'ye çevrildi");
    const tr = parsePaste('Açıklama\tUzunluk\tEn\tAdet\tKalınlık\nYan dikme\t72 cm\t0,56 m\t2 adet\t1,8 cm\n');
    expect(tr.parts).toEqual([{ name: 'Yan dikme', width: 56, height: 72, quantity: 2, thickness: 18 }]);
    expect(tr.converted).toBe("genişlik m'den cm'ye çevrildi; kalınlık cm'den mm'ye çevrildi");
  });

  it('reads açıklama or description as the name only when no column is the name', () => {
    expect(parsePaste('Ad\tAçıklama\tEn\tBoy\nKapak\tkulplu\t40\t70\n')).toEqual({
      parts: [{ name: 'Kapak', width: 40, height: 70, quantity: 1 }],
      errors: [],
      notes: ['Tanınmayan sütunlar: Açıklama'],
    });
    expect(parsePaste('Description\tDescription\tWidth\tLength\nKapak\tkulplu\t40\t70\n')).toEqual({
      parts: [{ name: 'Kapak', width: 40, height: 70, quantity: 1 }],
      errors: [],
      notes: ['Birden çok kez yazılan sütunların yalnızca ilki okundu: Description'],
    });
  });

  it('leaves out the rows an etkin (Enabled) column turns off, with Excel’s DOĞRU and YANLIŞ, and says which', () => {
    const r = parsePaste('Ad;En;Boy;Aktif\nA;10;10;DOĞRU\nB;10;10;YANLIŞ\nC;abc;10;hayır\nD;10;10;\nE;10;10;x\n');
    expect(r.parts.map((p) => p.name)).toEqual(['A', 'D', 'E']);
    expect(r.errors).toEqual([]);
    expect(r.disabled).toEqual([3, 4]);
    expect(r.notes).toEqual(['"Aktif" sütununda kapalı olan 2 satır eklenmedi: satır 3 ve 4.']);
    const off = parsePartCsv(`Label,Width,Length,Enabled\n${Array.from({ length: 25 }, (_, i) => `P${i},10,10,false`).join('\n')}\n`);
    expect(off.parts).toEqual([]);
    expect(off.notes).toEqual(['"Enabled" sütununda kapalı olan 25 satır eklenmedi: satır 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21…']);
  });

  it('names what stays refused by row and column: a unit no length takes, an etkin or a quantity word it does not know', () => {
    const r = parsePaste('Label;Length;Width;Qty;Enabled\nKapak;24 in;10;1;true\nRaf;60;40;1;belki\nÇıta;60;5;2 kutu;\nYan;60;40;1;1\nTabla;60;40 mm;1;\n');
    expect(r.parts).toEqual([
      { name: 'Yan', width: 40, height: 60, quantity: 1 },
      { name: 'Tabla', width: 4, height: 60, quantity: 1 },
    ]);
    expect(r.errors).toEqual([
      'Satır 2 (Kapak), yükseklik: "24 in" içindeki birim tanınmıyor; mm, cm veya m yazın.',
      'Satır 3 (Raf), etkin: "belki" yerine evet veya hayır yazın (hayır yazılan satır okunmaz).',
      'Satır 4 (Çıta), adet: "2 kutu" tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın.',
    ]);
  });
});

describe('a list written in mm', () => {
  const sheets = [{ width: 280, height: 207 }];

  it('looks like mm when no part fits a sheet as cm and every one fits when read as mm', () => {
    const text = 'Yan;720;560;2\nRaf;564;300;3\nKapak;716;396;2';
    const cm = parsePaste(text).parts;
    const mm = parsePaste(text, undefined, true).parts;
    expect(looksLikeMm(cm, mm, sheets)).toBe(true);
    // a part that fits as cm: the list is taken as written
    const fits = `${text}\nÇekmece;40;20;1`;
    expect(looksLikeMm(parsePaste(fits).parts, parsePaste(fits, undefined, true).parts, sheets)).toBe(false);
    // a part that does not fit even as mm (3.500 mm long)
    const long = `${text}\nTezgah;3500;600;1`;
    expect(looksLikeMm(parsePaste(long).parts, parsePaste(long, undefined, true).parts, sheets)).toBe(false);
    // rows over 1.000 cm are refused as cm, not left out of the judgement: a wardrobe side of 2.000 mm
    const tall = 'Dolap yanı;2000;600;2\nTavan;1200;580;1';
    const tallCm = parsePaste(tall);
    expect(tallCm.parts).toHaveLength(0);
    expect(tallCm.errors).toHaveLength(2);
    expect(looksLikeMm(tallCm.parts, parsePaste(tall, undefined, true).parts, sheets)).toBe(true);
    // fits as mm only turned, and may not turn
    expect(looksLikeMm([{ width: 2500, height: 1000, rotate: false }], [{ width: 250, height: 100, rotate: false }], [{ width: 125, height: 250 }])).toBe(false);
    expect(looksLikeMm([{ width: 2500, height: 1000 }], [{ width: 250, height: 100 }], [{ width: 125, height: 250 }])).toBe(true);
    // a stock row big enough as cm
    expect(looksLikeMm(cm, mm, [...sheets, { width: 800, height: 600 }])).toBe(false);
    expect(looksLikeMm([], [], sheets)).toBe(false);
    expect(looksLikeMm(cm, mm, [])).toBe(false);
  });

  it('reads sizes without a unit as mm when asked, and says so; a header or cell unit still wins', () => {
    const text = 'Ad;En;Boy;Adet\nYan;720;560;2\nRaf;564,5;300;3';
    const r = parsePaste(text, undefined, true);
    expect(r.parts).toEqual([
      { name: 'Yan', width: 72, height: 56, quantity: 2 },
      { name: 'Raf', width: 56.45, height: 30, quantity: 3 },
    ]);
    expect(r.converted).toBe("genişlik ve yükseklik mm'den cm'ye çevrildi");
    // without a header too
    expect(parsePaste('Yan;720;560;2', undefined, true).parts).toEqual([{ name: 'Yan', width: 72, height: 56, quantity: 2 }]);
    // a header that names cm, or a cell its unit, is read by it
    expect(parsePartCsv('Ad;En (cm);Boy;Adet\nYan;72;560;2', undefined, true).parts).toEqual([{ name: 'Yan', width: 72, height: 56, quantity: 2 }]);
    expect(parsePaste('Yan;72 cm;560;2', undefined, true).parts).toEqual([{ name: 'Yan', width: 72, height: 56, quantity: 2 }]);
    // a side out of range is named with the range in mm, as it was read, or in a cell's own unit
    expect(parsePaste('Yan;0,5;560;2', undefined, true).errors).toEqual(['Satır 1 (Yan), genişlik: "0,5" parça ölçüsü olamaz; 1 ile 10.000 mm arasında bir ölçü yazın.']);
    expect(parsePaste('Yan;0,05 cm;560;2', undefined, true).errors).toEqual(['Satır 1 (Yan), genişlik: "0,05 cm" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın.']);
    // as before when not asked
    expect(parsePaste(text).parts[0]).toEqual({ name: 'Yan', width: 720, height: 560, quantity: 2 });
  });
});
