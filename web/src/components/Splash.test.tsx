import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Splash } from './Splash';

afterEach(() => vi.useRealTimers());

describe('Splash', () => {
  it('runs its counter about 3 seconds and fades 800 ms, as the specification times it', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    const { container } = render(<Splash title="Kesim" onDone={onDone} />);
    act(() => vi.advanceTimersByTime(2900));
    expect(container.querySelector('.splash')).not.toHaveClass('fading');
    act(() => vi.advanceTimersByTime(200));
    expect(container.querySelector('.splash')).toHaveClass('fading');
    act(() => vi.advanceTimersByTime(600));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('is skipped by a key', () => {
    const onDone = vi.fn();
    render(<Splash title="Kesim" onDone={onDone} />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('is a region named by the title, holding the title, the subtitle and the counter', () => {
    render(<Splash title="Kesim" onDone={() => {}} />);
    const region = screen.getByRole('region', { name: 'Kesim' });
    expect(region).toContainElement(screen.getByRole('heading', { level: 1, name: 'Kesim' }));
    expect(region).toContainElement(screen.getByRole('progressbar', { name: 'Nesting Program' }));
  });

  it('marks its English subtitle as English, for a screen reader to say it so', () => {
    render(<Splash title="Kesim" onDone={() => {}} />);
    expect(screen.getByText('Nesting Program', { selector: 'p' })).toHaveAttribute('lang', 'en');
  });
});
