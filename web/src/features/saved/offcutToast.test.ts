import { describe, expect, it } from 'vitest';
import { offcutsOf } from './api';
import { savedMsg } from './texts';

// The toast after Kesildi says what the cut put on the rack and, when the
// rack's limit (raf sınırı) kept leftovers off it, how many and their area.
describe('the Kesildi toast', () => {
  it('keeps the text when nothing was skipped', () => {
    expect(savedMsg.markedCut('Mutfak', 5)).toBe('"Mutfak" kesildi; 5 artık rafa eklendi.');
    expect(savedMsg.markedCut('Mutfak', { added: 5, skipped: 0, skippedM2: 0 })).toBe('"Mutfak" kesildi; 5 artık rafa eklendi.');
    expect(savedMsg.markedCut('Mutfak', 0)).toBe('"Mutfak" kesildi; rafa yeni artık eklenmedi.');
  });

  it('says what the rack limit left out, numbers the Turkish way', () => {
    expect(savedMsg.markedCut('Mutfak', { added: 5, skipped: 2, skippedM2: 4.1 })).toBe(
      '"Mutfak" kesildi; 5 artık rafa eklendi. 2 artık (4,1 m²) raf sınırı nedeniyle eklenmedi.',
    );
    expect(savedMsg.markedCut('Banyo', { added: 0, skipped: 1200, skippedM2: 1234.56 })).toBe(
      '"Banyo" kesildi; rafa yeni artık eklenmedi. 1.200 artık (1.234,56 m²) raf sınırı nedeniyle eklenmedi.',
    );
  });

  it('reads the PATCH answer', async () => {
    expect(await offcutsOf('j1', { id: 'j1', state: 'cut', offcuts: 5, offcutsSkipped: { count: 2, areaM2: 4.1 } })).toEqual({
      added: 5,
      skipped: 2,
      skippedM2: 4.1,
    });
    expect(await offcutsOf('j1', { id: 'j1', state: 'cut', offcuts: 3 })).toEqual({ added: 3, skipped: 0, skippedM2: 0 });
  });
});
