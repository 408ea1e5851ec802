import { apiFetch } from '../auth/session';
import type { Options, PartInput, Sheet } from '../engine/types';

// The saved parts and layouts API (DESIGN.md section 5), and the browser's
// local copy used while the server cannot be reached.

export interface SavedPart {
  id: string;
  name: string;
  width: number;
  height: number;
  quantity: number;
  createdAt: string;
}

export interface SavedLayout {
  id: string;
  name: string;
  parts: PartInput[];
  sheet?: Sheet;
  options?: Partial<Options>;
  createdAt: string;
  local?: boolean;
}

/** ApiError carries the server's Turkish message; status 0 means unreachable. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await apiFetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError((e as Error).message, 0);
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(data?.error?.message ?? `HTTP ${res.status}`, res.status);
  return data as T;
}

export const api = {
  listParts: () => call<SavedPart[]>('GET', '/api/parts'),
  deletePart: (id: string) => call<void>('DELETE', `/api/parts/${encodeURIComponent(id)}`),
  listLayouts: () => call<SavedLayout[]>('GET', '/api/layouts'),
  createLayout: (l: { name: string; parts: PartInput[]; sheet: Sheet; options: Partial<Options> }) =>
    call<SavedLayout>('POST', '/api/layouts', l),
  deleteLayout: (id: string) => call<void>('DELETE', `/api/layouts/${encodeURIComponent(id)}`),
  sync: (parts: Omit<SavedPart, 'id'>[], layouts: Omit<SavedLayout, 'id'>[]) =>
    call<{ newParts: number; newLayouts: number }>('POST', '/api/sync', { parts, layouts }),
};

/** keptLocally reports whether an error means the server was out of reach (or failed). */
export function keptLocally(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 0 || e.status >= 500);
}

export const LAYOUTS_KEY = 'nesting-layouts';
export const PARTS_KEY = 'nesting-parts';

function read<T>(key: string): T[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export const local = {
  layouts: () => read<SavedLayout>(LAYOUTS_KEY),
  parts: () => read<SavedPart>(PARTS_KEY),
  /** keep saves a layout and its parts in the browser (the specification's format). */
  keep(layout: Omit<SavedLayout, 'id' | 'createdAt'>): void {
    const now = new Date().toISOString();
    const layouts = read<SavedLayout>(LAYOUTS_KEY);
    layouts.push({ ...layout, id: String(Date.now()), createdAt: now });
    localStorage.setItem(LAYOUTS_KEY, JSON.stringify(layouts));
    const parts = read<SavedPart>(PARTS_KEY);
    for (const p of layout.parts) {
      if (!parts.some((q) => q.name === p.name && q.width === p.width && q.height === p.height)) {
        parts.push({ id: `${Date.now()}-${parts.length}`, name: p.name, width: p.width, height: p.height, quantity: p.quantity, createdAt: now });
      }
    }
    localStorage.setItem(PARTS_KEY, JSON.stringify(parts));
  },
  removeLayout(id: string): void {
    localStorage.setItem(LAYOUTS_KEY, JSON.stringify(read<SavedLayout>(LAYOUTS_KEY).filter((l) => l.id !== id)));
  },
  clear(): void {
    localStorage.removeItem(LAYOUTS_KEY);
    localStorage.removeItem(PARTS_KEY);
  },
};

/**
 * syncLocal pushes what the browser kept to the server; the server
 * de-duplicates, so a retry after a lost answer adds nothing twice. The
 * local copy is removed only after the server confirmed.
 */
export async function syncLocal(): Promise<{ newParts: number; newLayouts: number } | null> {
  const layouts = local.layouts();
  const parts = local.parts();
  if (layouts.length === 0 && parts.length === 0) return null;
  const res = await api.sync(
    parts.map(({ name, width, height, quantity, createdAt }) => ({ name, width, height, quantity, createdAt })),
    layouts.map(({ name, parts, sheet, options, createdAt }) => ({ name, parts, sheet, options, createdAt })),
  );
  local.clear();
  return res;
}
