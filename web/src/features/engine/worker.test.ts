import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';

// The worker runs here in the test's global scope, with a stand-in for the
// Go program: wasm_exec.js's Go, and the functions the engine puts on the
// global object (cmd/kesim-wasm).
const posted: { m: FromWorker; transfer: Transferable[] }[] = [];
const engine = {
  kesimLayout: vi.fn<(request: string, onProgress?: (p: string) => void, id?: number) => Promise<string>>(async () => '{"pages":[]}'),
  kesimCancel: vi.fn(),
  kesimShare: vi.fn(),
  kesimPDF: vi.fn(async () => new Uint8Array([37, 80, 68, 70])),
  kesimDXF: vi.fn(async () => new Uint8Array([48])),
  kesimFileName: vi.fn(() => 'kesim.pdf'),
};

class StandInGo {
  importObject = {};
  exited = false;
  run() {
    return new Promise<void>(() => {}); // the Go program runs until the worker ends
  }
}

const scope = self as unknown as { postMessage: unknown; onmessage: ((ev: { data: ToWorker }) => Promise<void>) | null };

function send(m: ToWorker): Promise<void> {
  return scope.onmessage!({ data: m });
}

beforeAll(async () => {
  vi.stubGlobal('importScripts', () => vi.stubGlobal('Go', StandInGo));
  vi.stubGlobal('fetch', async () => new Response(''));
  vi.spyOn(WebAssembly, 'instantiateStreaming').mockResolvedValue({ instance: {} as WebAssembly.Instance, module: {} as WebAssembly.Module });
  Object.assign(globalThis, engine);
  scope.postMessage = (m: FromWorker, transfer: Transferable[]) => posted.push({ m, transfer });
  await import('./worker');
  await vi.waitFor(() => expect(posted.map((p) => p.m)).toEqual([{ type: 'ready' }]));
});

beforeEach(() => {
  posted.length = 0;
});

describe('the engine worker', () => {
  it('answers a layout with its progress and its result, under the page’s id', async () => {
    engine.kesimLayout.mockImplementationOnce(async (_request, onProgress) => {
      onProgress?.('{"done":0.5,"pages":2}');
      return '{"pages":[1,2]}';
    });
    await send({ id: 7, type: 'layout', request: '{"parts":[]}' });
    expect(engine.kesimLayout).toHaveBeenLastCalledWith('{"parts":[]}', expect.any(Function), 7);
    expect(posted.map((p) => p.m)).toEqual([
      { id: 7, type: 'progress', progress: '{"done":0.5,"pages":2}' },
      { id: 7, type: 'done', value: '{"pages":[1,2]}' },
    ]);
  });

  it('passes a cancel to the engine and answers nothing for it', async () => {
    await send({ id: 7, type: 'cancel' });
    expect(engine.kesimCancel).toHaveBeenCalledWith(7);
    expect(posted).toEqual([]);
  });

  it('passes another worker’s layout to the engine and answers nothing for it', async () => {
    await send({ id: 7, type: 'share', result: '{"pages":[1]}' });
    expect(engine.kesimShare).toHaveBeenCalledWith(7, '{"pages":[1]}');
    expect(posted).toEqual([]);
  });

  it('hands an export’s bytes over without copying them', async () => {
    await send({ id: 8, type: 'pdf', result: '{}', options: '{"title":"Kesim"}' });
    expect(engine.kesimPDF).toHaveBeenCalledWith('{}', '{"title":"Kesim"}');
    const [{ m, transfer }] = posted;
    expect(m).toMatchObject({ id: 8, type: 'done' });
    expect(transfer).toEqual([(m as { value: Uint8Array }).value.buffer]);
    await send({ id: 9, type: 'filename', result: '{}', ext: 'pdf' });
    expect(posted[1].m).toEqual({ id: 9, type: 'done', value: 'kesim.pdf' });
  });

  it('answers the engine’s error with its message, and a trap with fatal', async () => {
    engine.kesimDXF.mockRejectedValueOnce(new Error('Sayfa bulunamadı'));
    await send({ id: 10, type: 'dxf', result: '{}', options: '{"page":3}' });
    engine.kesimLayout.mockRejectedValueOnce(new WebAssembly.RuntimeError('unreachable'));
    await send({ id: 11, type: 'layout', request: '{}' });
    expect(posted.map((p) => p.m)).toEqual([
      { id: 10, type: 'error', message: 'Sayfa bulunamadı' },
      { type: 'fatal', message: 'unreachable' },
    ]);
  });
});
