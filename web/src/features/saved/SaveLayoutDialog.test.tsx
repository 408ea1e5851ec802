import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { localStore } from './api';
import { SaveLayoutDialog } from './SaveLayoutDialog';

const parts = [{ id: 'a', name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz', edges: { top: 'B1' } }];
const stock = [{ id: 's1', material: 'Beyaz', width: 183, height: 366, quantity: 4, price: 1450 }];
const bands = [{ code: 'B1', thickness: 0.8 }];

let posted: unknown[];
let status: number;
beforeEach(() => {
  localStorage.clear();
  posted = [];
  status = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/layouts' && init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return status === 200 ? Response.json({ id: '1', createdAt: '' }) : new Response('null', { status });
      }
      return Response.json({ newParts: 0, newLayouts: 0 });
    }),
  );
});

async function save(withStock: boolean) {
  const onSaved = vi.fn();
  render(
    <NoticeProvider>
      <SaveLayoutDialog
        parts={parts}
        sheet={{ width: 183, height: 366 }}
        options={withStock ? { kerf: 0, objective: 'area' } : { kerf: 0 }}
        stock={withStock ? stock : []}
        bands={withStock ? bands : []}
        owner=""
        onSaved={onSaved}
        onClose={() => {}}
      />
    </NoticeProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
  await user.click(screen.getByRole('button', { name: 'Kaydet' }));
  await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
}

describe('SaveLayoutDialog with stock', () => {
  it('sends the stock rows and band codes with the layout', async () => {
    await save(true);
    expect(posted).toEqual([{ name: 'Mutfak', parts, sheet: { width: 183, height: 366 }, options: { kerf: 0, objective: 'area' }, stock, bands }]);
  });

  it('sends no stock fields when there is none', async () => {
    await save(false);
    expect(Object.keys(posted[0] as object).sort()).toEqual(['name', 'options', 'parts', 'sheet']);
  });

  it('keeps them in this browser when the server is out of reach', async () => {
    status = 503;
    await save(true);
    const kept = localStore('').layouts();
    expect(kept).toHaveLength(1);
    expect(kept[0].stock).toEqual(stock);
    expect(kept[0].bands).toEqual(bands);
  });
});
