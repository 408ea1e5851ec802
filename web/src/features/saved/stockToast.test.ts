import { describe, expect, it } from 'vitest';
import { stockMovesOf } from './api';
import { savedMsg } from './texts';

// The Kesildi toast says which full sheets the cut took off the stock rows
// (and which rows, edited or deleted since, it could not, and how many
// sheets the job used beyond what a row had); the undo's toast
// says which it put back.
describe('the stock sheets in the Kesildi and undo toasts', () => {
  it('reads the PATCH answer', () => {
    const answer = {
      id: 'j1',
      state: 'cut',
      offcuts: 2,
      stockTaken: [{ stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 3, left: 2 }],
      stockNotTaken: [{ stockId: 's2', material: 'Meşe', thickness: 18, width: 210, height: 280, quantity: 1 }],
    };
    expect(stockMovesOf(answer)).toEqual({
      taken: answer.stockTaken,
      notTaken: answer.stockNotTaken,
      short: [],
      returned: [],
      notReturned: [],
    });
    expect(stockMovesOf({ id: 'j1', state: 'cut', offcuts: 2 })).toEqual({ taken: [], notTaken: [], short: [], returned: [], notReturned: [] });
    expect(stockMovesOf(null).taken).toEqual([]);
  });

  it('says what the cut took, numbers the Turkish way', () => {
    const answer = {
      stockTaken: [
        { stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 3, left: 2 },
        { stockId: 's3', material: 'MDF', thickness: 5.5, width: 122.5, height: 244, quantity: 1200, left: 0 },
      ],
      stockNotTaken: [{ stockId: 's2', material: 'Meşe', thickness: 18, width: 210, height: 280, quantity: 1 }],
    };
    expect(savedMsg.markedCut('Mutfak', 5) + savedMsg.stockMoved(stockMovesOf(answer))).toBe(
      '"Mutfak" kesildi; 5 artık rafa eklendi. Stoktan düşüldü: Beyaz Sunta 18 mm 183x366: 3 levha (kalan 2); ' +
        'MDF 5,5 mm 122,5x244: 1.200 levha (kalan yok). Meşe 18 mm 210x280: 1 levha stokta bulunamadı, düşülmedi.',
    );
  });

  it('says which sheets the cut used beyond what the stock had', () => {
    // The job used 5 sheets of a row that held 3: 3 are taken, 2 were not in stock.
    const answer = {
      id: 'j1',
      state: 'cut',
      offcuts: 0,
      stockTaken: [{ stockId: 's1', material: 'Meşe', thickness: 18, width: 100, height: 100, quantity: 3, left: 0 }],
      stockShort: [{ stockId: 's1', material: 'Meşe', thickness: 18, width: 100, height: 100, quantity: 2 }],
    };
    expect(stockMovesOf(answer).short).toEqual(answer.stockShort);
    expect(savedMsg.markedCut('Mutfak', 0) + savedMsg.stockMoved(stockMovesOf(answer))).toBe(
      '"Mutfak" kesildi; rafa yeni artık eklenmedi. Stoktan düşüldü: Meşe 18 mm 100x100: 3 levha (kalan yok). ' +
        'Stokta olandan fazla kullanıldı: Meşe 18 mm 100x100: 2 levha eksik.',
    );
    const many = { stockShort: [{ stockId: 's3', material: 'MDF', thickness: 5.5, width: 122.5, height: 244, quantity: 1500 }] };
    expect(savedMsg.stockMoved(stockMovesOf(many))).toBe(' Stokta olandan fazla kullanıldı: MDF 5,5 mm 122,5x244: 1.500 levha eksik.');
  });

  it('says what the undo put back', () => {
    const answer = {
      stockReturned: [{ stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 3 }],
      stockNotReturned: [{ stockId: 'k', width: 100, height: 90, quantity: 1 }],
    };
    expect(savedMsg.undoneCut('Mutfak') + savedMsg.stockMoved(stockMovesOf(answer))).toBe(
      '"Mutfak" kesildi işareti geri alındı; kullanılmamış artıkları raftan kaldırıldı. ' +
        'Stoka geri kondu: Beyaz Sunta 18 mm 183x366: 3 levha. k 100x90: 1 levha stokta değişmiş, geri konmadı.',
    );
  });

  it('names a row without a material by its name, not by its id', () => {
    const answer = {
      stockTaken: [{ stockId: 'smxck7zcx1', name: 'Sunta 18', thickness: 18, width: 183, height: 366, quantity: 1, left: 999 }],
      stockNotTaken: [{ stockId: 's2', name: 'Meşe levha', material: 'Meşe', thickness: 18, width: 210, height: 280, quantity: 1 }],
    };
    expect(savedMsg.stockMoved(stockMovesOf(answer))).toBe(
      ' Stoktan düşüldü: Sunta 18 18 mm 183x366: 1 levha (kalan 999). Meşe 18 mm 210x280: 1 levha stokta bulunamadı, düşülmedi.',
    );
  });

  it('adds nothing when no sheet moved', () => {
    expect(savedMsg.stockMoved(stockMovesOf({ id: 'j1', state: 'planned' }))).toBe('');
  });
});
