import type { Result } from '../engine/types';
import { exportMsg } from './texts';

/** MAX_SHEET_URL is the longest address the exporters take for a job's QR codes (export.MaxSheetURL). */
export const MAX_SHEET_URL = 500;

/**
 * loopbackHost is the host of origin when it is this computer's own name
 * or address, which no phone can open: localhost (and *.localhost),
 * 127.x.x.x, [::1] (also as an IPv4-mapped address), and 0.0.0.0; null for
 * any other origin.
 */
export function loopbackHost(origin: string): string | null {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    /^\[::ffff:(127(\.\d{1,3}){3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/.test(host) ||
    host === '0.0.0.0';
  return loopback ? host : null;
}

/**
 * sheetUrlBase is the address a saved job's QR codes start with,
 * `<origin>/is/<layoutId>/levha/`: the PDF's sheet pages and the labels add
 * the sheet's number and print it as a QR code that opens the sheet's
 * checklist on a phone. It is undefined (no QR code, the files as before)
 * without a job on the server, on a page not served over http(s) or opened
 * by a loopback address (loopbackHost: the code would send the phone to
 * itself), or when the address would be longer than the exporters take.
 */
export function sheetUrlBase(origin: string, layoutId: string | null | undefined): string | undefined {
  if (!layoutId || !/^https?:\/\/[^/?#\s]+$/.test(origin) || loopbackHost(origin)) return undefined;
  const base = `${origin}/is/${encodeURIComponent(layoutId)}/levha/`;
  return base.length <= MAX_SHEET_URL ? base : undefined;
}

/** planPrint is what a printed sheet shows of a result: per page its id, stock row, size and pieces in place. */
function planPrint(r: Pick<Result, 'pages'>): string {
  return JSON.stringify(
    r.pages.map((p) => [p.id, p.stockId ?? '', p.width ?? 0, p.height ?? 0, p.parts.map((q) => [q.id, q.x, q.y, q.width, q.height, !!q.rotated])]),
  );
}

/** samePlan reports whether two results have the same sheets, in the same order, with the same pieces in the same places. */
export function samePlan(a: Pick<Result, 'pages'>, b: Pick<Result, 'pages'>): boolean {
  return planPrint(a) === planPrint(b);
}

/** JobReader reads a saved job from the server (GET /api/layouts/{id}). */
export type JobReader = (id: string) => Promise<{ result?: Result | null }>;

/**
 * checklistBase is the QR codes' address for the files of result, the
 * layout shown for the saved job layoutId: only when the server keeps
 * exactly this layout for the job, so that the sheet a code opens on a
 * phone is the sheet it is printed on, and the page was not opened by a
 * loopback address. Otherwise there is no address, and a note says why
 * (the files are written without codes).
 */
export async function checklistBase(
  layoutId: string | null | undefined,
  result: Result,
  origin: string,
  read: JobReader,
): Promise<{ base?: string; note?: string }> {
  const loopback = layoutId ? loopbackHost(origin) : null;
  if (loopback) return { note: exportMsg.qrLoopback(loopback) };
  const base = sheetUrlBase(origin, layoutId);
  if (!base || !layoutId) return {};
  let stored: Result | null | undefined;
  try {
    stored = (await read(layoutId)).result;
  } catch {
    return { note: exportMsg.qrUnreadable };
  }
  return stored && samePlan(stored, result) ? { base } : { note: exportMsg.qrNotSaved };
}
