import { describe, expect, it } from 'vitest';
import { helperCount } from './useEngine';

describe('helperCount', () => {
  it('gives a longer search one helper engine per further core, at most three', () => {
    expect([undefined, 0, 1, 2, 4, 16].map(helperCount)).toEqual([0, 0, 0, 1, 3, 3]);
  });
});
