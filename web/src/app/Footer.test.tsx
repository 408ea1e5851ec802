import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './Footer';

afterEach(() => vi.unstubAllGlobals());

function serve(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (url: string) => (url === '/api/health' ? answer() : new Response('null', { status: 404 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function footer() {
  return render(<Footer factory="Merkez Atölye" title="Kesim Planı" pieces={1000} />);
}

describe('Footer', () => {
  it("shows the build GET /api/health names, next to the spec's texts", async () => {
    const fetch = serve(() => Response.json({ status: 'ok', database: 'sqlite', version: '1.2.0', commit: 'abc1234' }));
    footer();
    expect(await screen.findByText('Kesim 1.2.0 (abc1234)')).toBeInTheDocument();
    expect(screen.getByText('Merkez Atölye')).toBeInTheDocument();
    expect(screen.getByText('Kesim Planı · 1.000 parça')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('leaves out a commit the binary did not know', async () => {
    serve(() => Response.json({ status: 'ok', database: 'none', version: '0.0.0-dev', commit: 'unknown' }));
    footer();
    expect(await screen.findByText('Kesim 0.0.0-dev')).toBeInTheDocument();
  });

  it('names a build by its commit once when the commit is its version', async () => {
    serve(() => Response.json({ status: 'ok', database: 'sqlite', version: 'fedf947', commit: 'fedf947' }));
    footer();
    expect(await screen.findByText('Kesim fedf947')).toBeInTheDocument();
  });

  it.each([
    ['the database does not answer (503)', () => Response.json({ status: 'unavailable', version: '1.2.0', commit: 'abc1234' }, { status: 503 })],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the answer is not JSON', () => new Response('<html>', { status: 200 })],
    ['the version is no string', () => Response.json({ status: 'ok', version: 12, commit: 'abc1234' })],
    ['the version is absurdly long', () => Response.json({ status: 'ok', version: '1'.repeat(65), commit: 'abc1234' })],
  ])('shows no build when %s', async (_, answer) => {
    const fetch = serve(answer);
    const { container } = footer();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // Let the answer settle and React render what it set.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(container.querySelector('footer')?.textContent).toBe('Merkez AtölyeKesim Planı · 1.000 parça');
    expect(screen.queryByText(/^Kesim 1/)).toBeNull();
  });
});
