import { describe, expect, it } from 'vitest';
import { msg } from './messages';

describe('counts in messages', () => {
  it('are written the Turkish way from 1.000 on', () => {
    expect(msg.pasteAdded(1200)).toBe("1.200 parça yapıştırıldı ve nesting'e eklendi.");
    expect(msg.addSelected(1500)).toBe('1.500 parçayı ekle');
    expect(msg.layoutInfo(1, 2090, '20.01.2024')).toBe('1 çeşit · 2.090 adet · 20.01.2024');
    expect(msg.syncDone(1200, 3400)).toBe('Senkronizasyon tamamlandı: 1.200 yeni parça, 3.400 yeni düzen.');
    expect(msg.pageOf(1, 1050)).toBe('Sayfa 1 / 1.050');
    expect(msg.syncRefusedMore(1200)).toBe('Sunucuya kaydedilemeyen 1.200 kayıt daha bu tarayıcıda duruyor.');
    // a list reader's words, as kesim nest says them (internal/partcsv)
    expect(msg.nameTooLongCell(1200)).toBe('1.200 karakter; en fazla 200 karakterlik bir ad yazın.');
    expect(msg.quantityCell('0')).toBe('"0" adet olamaz; 1 ile 100.000 arasında bir tam sayı yazın.');
    expect(msg.partSideCell('1.200')).toBe('"1.200" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın.');
    expect(msg.sheetSideCell('1.200')).toBe('"1.200" levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın.');
    // the range in the unit the cell was read in
    expect(msg.partSideCell('0,5', 'mm')).toBe('"0,5" parça ölçüsü olamaz; 1 ile 10.000 mm arasında bir ölçü yazın.');
    expect(msg.partSideCell('12', 'm')).toBe('"12" parça ölçüsü olamaz; 0,001 ile 10 m arasında bir ölçü yazın.');
    expect(msg.sheetSideCell('0,05', 'mm')).toBe('"0,05" levha ölçüsü olamaz; 0,1 ile 10.000 mm arasında bir ölçü yazın.');
    expect(msg.sheetSideCell('12 m', 'm')).toBe('"12 m" levha ölçüsü olamaz; 0,0001 ile 10 m arasında bir ölçü yazın.');
  });

  it('below 1.000 are as the specification writes them', () => {
    expect(msg.pasteAdded(12)).toBe("12 parça yapıştırıldı ve nesting'e eklendi.");
    expect(msg.addSelected(0)).toBe('0 parçayı ekle');
    expect(msg.layoutInfo(2, 5, 'x')).toBe('2 çeşit · 5 adet · x');
    expect(msg.syncDone(1, 0)).toBe('Senkronizasyon tamamlandı: 1 yeni parça, 0 yeni düzen.');
    expect(msg.pageOf(2, 999)).toBe('Sayfa 2 / 999');
  });
});

describe('a refused sync item', () => {
  it('is named with the server’s reason, ended with one stop', () => {
    expect(msg.syncRefused('layout', ' Mutfak ', 'Tuval boyutu en fazla 10.000 cm olabilir.')).toBe(
      '"Mutfak" düzeni sunucuya kaydedilemedi: Tuval boyutu en fazla 10.000 cm olabilir. Bu tarayıcıda duruyor.',
    );
    expect(msg.syncRefused('part', 'Raf', 'Lütfen geçerli pozitif değerler girin!')).toBe(
      '"Raf" parçası sunucuya kaydedilemedi: Lütfen geçerli pozitif değerler girin! Bu tarayıcıda duruyor.',
    );
    expect(msg.syncRefused('layout', '', 'HTTP 400')).toBe('Adsız bir düzen sunucuya kaydedilemedi: HTTP 400. Bu tarayıcıda duruyor.');
  });
});
