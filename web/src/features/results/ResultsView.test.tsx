import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Page, Result, Skipped } from '../engine/types';
import { ResultsView } from './ResultsView';

const page = (i: number): Page => ({
  id: `page-${i}`,
  efficiency: 50,
  parts: [{ id: `p${i}`, name: `P${i}`, x: 0, y: 0, width: 40, height: 60, rotated: false, originalIndex: 0 }],
});
const skip = (name: string, side: number, reason: string, quantity = 1): Skipped => ({ originalIndex: 1, id: name, name, width: side, height: side, quantity, reason });
const result = (pages: Page[], skipped: Skipped[]): Result => ({
  sheet: { width: 100, height: 148 },
  pages,
  skipped,
  stats: { pages: pages.length, lowerBound: pages.length, optimal: true, efficiency: pages.length ? 50 : 0, placed: pages.length, elapsedMs: 1 },
});

function show(r: Result | null, failure?: string | null) {
  render(<ResultsView result={r} ultra={false} exports={null} searching={false} searchDone={0} onSearchMore={() => {}} onCancelSearch={() => {}} failure={failure} />);
}

describe('ResultsView', () => {
  it('has a heading of its own for screen readers', () => {
    show(result([page(0)], []));
    expect(screen.getByRole('region', { name: 'Nesting Sonucu' })).toBeInTheDocument();
  });

  it('says the new figures as a whole when a layout comes in', () => {
    show(result([page(0)], []));
    const figures = screen.getByTestId('total-pages').closest('.stat-cards')!;
    expect(figures).toHaveAttribute('aria-live', 'polite');
    expect(figures).toHaveAttribute('aria-atomic', 'true');
    expect(figures).toHaveTextContent('Toplam Sayfa1Toplam Parça1Ortalama Verim%50,0');
  });

  it('names the skipped parts with their reasons, as the material view does', () => {
    show(result([page(0)], [skip('Dev', 500, 'Parça tuvale sığmıyor', 2)]));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Tuvale sığmayan parçalar yerleştirilmedi:');
    expect(within(notice).getByRole('listitem')).toHaveTextContent(/^Dev \(500x500\) \(2 adet\): Parça tuvale sığmıyor$/);
    expect(notice).not.toHaveTextContent('Hiçbir parça');
  });

  it('when no part fits, keeps the empty line and lists the parts with what would help', () => {
    show(result([], [skip('Dev', 900, 'Parça tuvale sığmıyor')]));
    const empty = screen.getByText('Nesting düzenini görmek için parça ekleyin');
    const notice = screen.getByRole('status');
    // below the empty line, once
    expect(empty.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(notice).toHaveTextContent('Dev (900x900) (1 adet): Parça tuvale sığmıyor');
    expect(notice).toHaveTextContent('Hiçbir parça tuvale sığmadı: tuval ölçüsünü «Nesting Alan Ayarları»ndan büyütebilirsiniz.');
  });

  it('does not send to the canvas settings a part left out for want of stock', () => {
    show(result([], [skip('Kapak', 40, 'Bu malzeme ve kalınlık için stok yok')]));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Kapak (40x40) (1 adet): Bu malzeme ve kalınlık için stok yok');
    expect(notice).not.toHaveTextContent('Hiçbir parça');
  });

  it('does not send to the canvas settings a part the grain keeps from its sheets', () => {
    show(result([], [skip('Tezgah kapağı', 200, 'Damar yönü nedeniyle bu malzemenin hiçbir levhasına sığmıyor')]));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Damar yönü nedeniyle');
    expect(notice).not.toHaveTextContent('Hiçbir parça');
  });

  it('says why the engine refused the job instead of asking for parts', () => {
    show(null, 'Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.');
    expect(screen.getByText('Yerleşim yapılamadı. Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.')).toBeInTheDocument();
    expect(screen.queryByText('Nesting düzenini görmek için parça ekleyin')).toBeNull();
  });

  it('offers "Planları karşılaştır" beside the longer search, proven or not, but not while one runs nor for a stored layout', () => {
    const onCompare = vi.fn();
    const proven = result([page(0)], []);
    const open = { ...proven, stats: { ...proven.stats, lowerBound: 0, optimal: false } };
    const base = { ultra: false, exports: null, searchDone: 0, onSearchMore: () => {}, onCancelSearch: () => {} };
    const { rerender } = render(<ResultsView {...base} result={proven} searching={false} onCompare={onCompare} />);
    screen.getByRole('button', { name: 'Planları karşılaştır' }).click();
    expect(onCompare).toHaveBeenCalledTimes(1);
    rerender(<ResultsView {...base} result={open} searching={false} onCompare={onCompare} />);
    expect(screen.getByRole('button', { name: 'Daha iyi ara' }).nextElementSibling).toBe(screen.getByRole('button', { name: 'Planları karşılaştır' }));
    rerender(<ResultsView {...base} result={open} searching onCompare={onCompare} />);
    expect(screen.queryByRole('button', { name: 'Planları karşılaştır' })).not.toBeInTheDocument();
    rerender(<ResultsView {...base} result={open} searching={false} onCompare={onCompare} stored="layout" />);
    expect(screen.queryByRole('button', { name: 'Planları karşılaştır' })).not.toBeInTheDocument();
    // without onCompare the view is as before
    rerender(<ResultsView {...base} result={proven} searching={false} />);
    expect(screen.queryByRole('button', { name: 'Planları karşılaştır' })).not.toBeInTheDocument();
    expect(document.querySelector('.search-more')).toBeNull();
  });
});
