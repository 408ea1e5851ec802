import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Part } from './parts';
import { PartList } from './PartList';

// A card calls describeExtras once each time it is drawn: the calls name
// the cards drawn.
const drawn = vi.hoisted(() => ({ names: new Set<string>() }));
vi.mock('./parts', async (original) => {
  const actual = await original<typeof import('./parts')>();
  return {
    ...actual,
    describeExtras: (p: Parameters<typeof actual.describeExtras>[0]) => {
      drawn.names.add((p as { name: string }).name);
      return actual.describeExtras(p);
    },
  };
});

const many = (n: number): Part[] => Array.from({ length: n }, (_, i) => ({ id: `m${i + 1}`, name: `Parça ${i + 1}`, width: 10, height: 20, quantity: 1 }));

/** Live keeps the parts as the app does (useWork): its handlers stay the same. */
function Live({ start }: { start: Part[] }) {
  const [parts, setParts] = useState(start);
  const edit = useCallback((id: string, change: Partial<Part>) => setParts((ps) => ps.map((p) => (p.id === id ? { ...p, ...change } : p))), []);
  const remove = useCallback((id: string) => setParts((ps) => ps.filter((p) => p.id !== id)), []);
  const clear = useCallback(() => setParts([]), []);
  return (
    <NoticeProvider>
      <input id="part-name" aria-label="Parça Adı" />
      <PartList parts={parts} onEdit={edit} onRemove={remove} onClear={clear} />
    </NoticeProvider>
  );
}

describe('PartList drawing', () => {
  beforeEach(() => {
    drawn.names.clear();
  });

  it('draws again only the card edited, though the job’s piece count changes', async () => {
    render(<Live start={many(50)} />);
    expect(drawn.names.size).toBe(50);
    const user = userEvent.setup();
    drawn.names.clear();
    await user.click(screen.getByRole('button', { name: 'Parça 7: Düzenle' }));
    await user.clear(screen.getByLabelText('Adet', { selector: 'li input' }));
    await user.type(screen.getByLabelText('Adet', { selector: 'li input' }), '3{Enter}');
    expect(screen.getByRole('listitem', { name: 'Parça 7' })).toHaveTextContent('3 adet');
    expect(screen.getByText(/Toplam 52 parça/)).toBeInTheDocument();
    // the card edited, not the 49 others
    expect([...drawn.names]).toEqual(['Parça 7']);
  });

  it('draws no other card when one is removed, or turned', async () => {
    render(<Live start={many(50)} />);
    const user = userEvent.setup();
    drawn.names.clear();
    await user.click(screen.getByRole('button', { name: 'Parça 7: Sil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Parça 9: Döndürülebilir' }));
    expect(screen.getByRole('checkbox', { name: 'Parça 9: Döndürülebilir' })).not.toBeChecked();
    // Removing one of 50 brings no card in; turning draws the one turned.
    expect([...drawn.names]).toEqual(['Parça 9']);
  });
});
