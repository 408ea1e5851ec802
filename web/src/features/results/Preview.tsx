import { useEffect, useRef, useState, type RefObject } from 'react';
import { fmt1d, fmtCm } from '../../lib/number';
import { msg } from '../../messages';
import type { Page, Sheet } from '../engine/types';
import { labelMinPx, previewScale, type PreviewScale } from './scale';
import { resultMsg } from './texts';

const COLORS = ['#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#ede9fe', '#cffafe', '#fee2e2', '#e0e7ff'];
const STROKES = ['#2563eb', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#dc2626', '#4f46e5'];

interface Props {
  sheet: Sheet;
  page: Page;
  ultra: boolean;
  /** title replaces the caption's 'Tuval W x H cm' (a stock row's name and size) */
  title?: string;
  /** cut marks a sheet already cut (a job being cut keeps it as it is) */
  cut?: boolean;
  /**
   * marks numbers pieces and shows what became of them (the saw's
   * checklist): by piece id, its place in the cut order and whether it is
   * cut or sent back for recutting. Pieces without a mark are drawn as
   * without marks.
   */
  marks?: Readonly<Record<string, PieceMark>>;
  /**
   * fit draws the page as large as its box allows, the box's width and
   * CSS max-height (which the page sets), with larger labels: the
   * checklist read at arm's length. Without it the drawing keeps the
   * preview's fixed scale.
   */
  fit?: boolean;
}

/** PieceMark is a piece as the checklist shows it on the drawing. */
export interface PieceMark {
  /** n is the piece's 1-based place in the cut order (the checklist's row number) */
  n: number;
  /** cut: ticked as cut (or waiting to be saved as ticked) */
  cut?: boolean;
  /** spoiled: sent back for recutting ("Bozuk") */
  spoiled?: boolean;
}

// A marked piece: cut ones grey with a check, spoiled ones red.
const CUT_FILL = '#e5e7eb';
const CUT_STROKE = '#6b7280';
const CUT_TEXT = '#4b5563';
const CHECK = '#15803d';
const SPOILED_FILL = '#fee2e2';
const SPOILED_STROKE = '#b91c1c';
const BADGE = '#111827';

/**
 * fitScale is the scale (CSS px per cm) that draws a sheetW x sheetH sheet
 * as large as fits a box boxW wide and at most boxH high (Infinity: no
 * limit), within 0.5 and 40 px per cm; null for a box not laid out (0 wide).
 */
export function fitScale(sheetW: number, sheetH: number, boxW: number, boxH: number): number | null {
  if (!(boxW > 0) || !(sheetW > 0) || !(sheetH > 0)) return null;
  const s = Math.min(boxW / sheetW, boxH > 0 ? boxH / sheetH : Infinity);
  return Math.max(0.5, Math.min(40, s));
}

/** Box is the room a fitted drawing has: its box's content width and most height (CSS px). */
interface Box {
  w: number;
  h: number;
}

/** boxOf measures a canvas wrap: its content width and, from its CSS max-height, its most content height. */
function boxOf(wrap: HTMLElement): Box {
  const cs = getComputedStyle(wrap);
  const px = (v: string) => parseFloat(v) || 0;
  const w = wrap.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight);
  // A browser gives the max-height in px ('none': no limit); one it did not resolve is taken as 45 % of the window.
  const max = cs.maxHeight === 'none' || cs.maxHeight === '' ? Infinity : /^[\d.]+px$/.test(cs.maxHeight) ? parseFloat(cs.maxHeight) : 0.45 * window.innerHeight;
  // box-sizing is border-box (styles.css): the max-height holds the padding and border
  const h = max - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderTopWidth) - px(cs.borderBottomWidth);
  return { w: Math.floor(w), h: Math.floor(h) };
}

/** useFitBox is the room of a fitted drawing's wrap, measured again when it or the window changes size; null unless fit or before it is laid out. */
function useFitBox(fit: boolean, wrap: RefObject<HTMLDivElement | null>): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    const el = wrap.current;
    if (!fit || !el) return;
    const measure = () => {
      const b = boxOf(el);
      setBox((old) => (b.w > 0 ? (old && old.w === b.w && old.h === b.h ? old : b) : null));
    };
    measure();
    // The wrap's width follows the page, never the drawing: measuring on its changes does not loop.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [fit, wrap]);
  return fit ? box : null;
}

/** fittedScale is previewScale's measures at scale px per cm. */
function fittedScale(sheetW: number, sheetH: number, scale: number, ratio: number): PreviewScale {
  return {
    scale,
    width: Math.max(1, Math.floor(sheetW * scale)),
    height: Math.max(1, Math.floor(sheetH * scale)),
    ratio: Math.min(2, Math.max(1, ratio)),
    grid: sheetW > 200 ? 20 : 10,
  };
}

// Banded edges: a thick line in the band code's colour on that edge.
const BAND_COLORS = ['#ea580c', '#0d9488', '#9333ea', '#be123c', '#65a30d', '#0369a1'];

/** bandColor is the colour of a band code among the page's codes. */
export function bandColor(codes: string[], code: string): string {
  const i = codes.indexOf(code);
  return BAND_COLORS[(i < 0 ? 0 : i) % BAND_COLORS.length];
}

/** bandCodesOf lists the band codes on a page's parts, in order of first appearance. */
export function bandCodesOf(page: Page): string[] {
  const out: string[] = [];
  for (const p of page.parts) {
    for (const c of [p.edges?.top, p.edges?.right, p.edges?.bottom, p.edges?.left]) {
      if (c && !out.includes(c)) out.push(c);
    }
  }
  return out;
}

/**
 * Preview draws one page: the grid, the parts with names and sizes, cuts;
 * for a screen reader the canvas is an image named by the sheet and its
 * count, followed by a visually hidden list of its parts and places.
 */
export function Preview({ sheet, page, ultra, title, cut = false, marks, fit = false }: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const box = useFitBox(fit, wrapRef);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  const fitted = box ? fitScale(sheet.width, sheet.height, box.w, box.h) : null;
  const s = fitted === null ? previewScale(sheet.width, sheet.height, dpr) : fittedScale(sheet.width, sheet.height, fitted, dpr);
  const used = page.parts.reduce((a, p) => a + p.width * p.height, 0);
  const total = sheet.width * sheet.height;
  // The drawing in words for a screen reader, top to bottom and left to
  // right; the checklist (marks) lists its pieces itself.
  const inWords = marks ? null : [...page.parts].sort((a, b) => a.y - b.y || a.x - b.x);

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return; // no 2D context (tests): the text below still says it all
    // Setting a canvas's size reallocates it even when unchanged: a new
    // layout of the same sheet is drawn over the old one instead.
    const cw = Math.floor(s.width * s.ratio);
    const ch = Math.floor(s.height * s.ratio);
    if (canvas.width !== cw) canvas.width = cw;
    if (canvas.height !== ch) canvas.height = ch;
    ctx.setTransform(s.ratio, 0, 0, s.ratio, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, s.width, s.height);
    ctx.strokeStyle = '#e5e7eb';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = s.grid; x < sheet.width; x += s.grid) {
      ctx.moveTo(Math.round(x * s.scale) + 0.5, 0);
      ctx.lineTo(Math.round(x * s.scale) + 0.5, s.height);
    }
    for (let y = s.grid; y < sheet.height; y += s.grid) {
      ctx.moveTo(0, Math.round(y * s.scale) + 0.5);
      ctx.lineTo(s.width, Math.round(y * s.scale) + 0.5);
    }
    ctx.stroke();
    const minPx = labelMinPx(ultra);
    const codes = bandCodesOf(page);
    for (const p of page.parts) {
      const x = p.x * s.scale;
      const y = p.y * s.scale;
      const w = p.width * s.scale;
      const h = p.height * s.scale;
      const c = p.originalIndex % COLORS.length;
      const mark = marks?.[p.id];
      ctx.fillStyle = mark?.spoiled ? SPOILED_FILL : mark?.cut ? CUT_FILL : COLORS[c];
      ctx.fillRect(x, y, w, h);
      ctx.strokeStyle = mark?.spoiled ? SPOILED_STROKE : mark?.cut ? CUT_STROKE : STROKES[c];
      ctx.lineWidth = mark?.spoiled ? 2 : 1;
      ctx.strokeRect(x + 0.5, y + 0.5, Math.max(0, w - 1), Math.max(0, h - 1));
      ctx.lineWidth = 1;
      if (p.edges) {
        // The band as the part lies on the sheet (the engine turned the codes with the part).
        const lw = Math.max(2, Math.min(4, Math.min(w, h) / 6));
        const edge = (code: string | undefined, x0: number, y0: number, x1: number, y1: number) => {
          if (!code) return;
          ctx.strokeStyle = bandColor(codes, code);
          ctx.lineWidth = lw;
          ctx.beginPath();
          ctx.moveTo(x0, y0);
          ctx.lineTo(x1, y1);
          ctx.stroke();
        };
        const h2 = lw / 2;
        edge(p.edges.top, x, y + h2, x + w, y + h2);
        edge(p.edges.bottom, x, y + h - h2, x + w, y + h - h2);
        edge(p.edges.left, x + h2, y, x + h2, y + h);
        edge(p.edges.right, x + w - h2, y, x + w - h2, y + h);
      }
      // A numbered piece keeps the corners for its number and check.
      const badge = mark ? badgeOf(x, y, w, h, fit) : null;
      if (badge?.corner && mark?.cut && !mark.spoiled) drawCheck(ctx, x + w - 4 - badge.r, badge.cy, badge.r);
      if (w > minPx && h > minPx && (!badge || badge.corner)) {
        const size = `${fmtCm(p.width)}x${fmtCm(p.height)}${p.rotated ? ' ' + msg.rotatedMark : ''}`;
        const font = fit ? Math.max(11, Math.min(18, h / 3.2)) : Math.max(9, Math.min(13, h / 3.2));
        const two = h > 2.6 * font;
        // Text beside the corners' marks leaves them room on both sides.
        const beside = badge && h / 2 - (two ? 1.2 * font : 0.6 * font) < badge.cy + badge.r + 2 - y;
        const tw = beside ? w - 4 * badge.r - 16 : w - 4;
        if (tw >= 16) {
          ctx.fillStyle = mark?.cut || mark?.spoiled ? CUT_TEXT : '#111827';
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.font = `600 ${font}px system-ui, sans-serif`;
          ctx.fillText(fitText(ctx, p.name, tw), x + w / 2, y + h / 2 - (two ? font * 0.6 : 0), tw);
          if (two) {
            ctx.font = `${font - 1}px system-ui, sans-serif`;
            ctx.fillText(fitText(ctx, size, tw), x + w / 2, y + h / 2 + font * 0.65, tw);
          }
        }
      }
      if (badge && mark) drawBadge(ctx, badge, String(mark.n), mark.spoiled ? SPOILED_STROKE : mark.cut ? CUT_STROKE : BADGE);
    }
    if (page.cuts?.length) {
      ctx.strokeStyle = '#dc2626';
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      for (const c of page.cuts) {
        const x = c.x * s.scale;
        const y = c.y * s.scale;
        ctx.moveTo(x, y);
        if (c.direction === 'vertical') ctx.lineTo(x, y + c.length * s.scale);
        else ctx.lineTo(x + c.length * s.scale, y);
      }
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.strokeStyle = '#374151';
    ctx.lineWidth = 2;
    ctx.strokeRect(1, 1, s.width - 2, s.height - 2);
  }, [page, sheet, ultra, marks, fit, s.width, s.height, s.ratio, s.scale, s.grid]);

  return (
    <figure className={fit ? 'preview fit' : 'preview'}>
      <figcaption>
        <strong>
          {title ?? msg.previewTitle(fmtCm(sheet.width), fmtCm(sheet.height))}
          {cut && (
            <>
              {' '}
              <span className="page-cut" data-testid="page-cut">
                {resultMsg.pageCut}
              </span>
            </>
          )}
        </strong>
        <span className="eff">{msg.previewEfficiency(page.efficiency)}</span>
      </figcaption>
      <div className="canvas-wrap" ref={wrapRef}>
        <canvas
          ref={ref}
          // fitted: a block of its own, so that no line box below it makes the wrap taller than the drawing
          style={fit ? { width: s.width, height: s.height, display: 'block', margin: '0 auto' } : { width: s.width, height: s.height }}
          role="img"
          aria-label={`${title ?? msg.previewTitle(fmtCm(sheet.width), fmtCm(sheet.height))}: ${msg.placedCount(page.parts.length)}`}
        />
      </div>
      {inWords && (
        <ul className="sr-only" aria-label={resultMsg.placedParts}>
          {inWords.map((p) => (
            <li key={p.id}>{resultMsg.placedPart(p.name, `${fmtCm(p.width)} x ${fmtCm(p.height)}`, fmtCm(p.x), fmtCm(p.y), p.rotated)}</li>
          ))}
        </ul>
      )}
      <div className="preview-stats">
        <span>{msg.placedCount(page.parts.length)}</span>
        <span>{msg.usedArea(fmt1d(used))}</span>
        <span>{msg.freeArea(fmt1d(Math.max(0, total - used)))}</span>
      </div>
    </figure>
  );
}

/** Badge is where a piece's number goes: a circle of radius r at (cx, cy); corner says it is in the top-left corner (else it is the piece's middle). */
interface Badge {
  cx: number;
  cy: number;
  r: number;
  corner: boolean;
}

/** badgeOf places a piece's number (larger when big): in its top-left corner when the piece has room for it and the check, else in its middle; null for a piece too small. */
function badgeOf(x: number, y: number, w: number, h: number, big: boolean): Badge | null {
  const r = Math.max(8, Math.min(big ? 18 : 15, Math.min(w, h) / 4));
  if (w >= 4 * r + 12 && h >= 2 * r + 8) return { cx: x + 4 + r, cy: y + 4 + r, r, corner: true };
  const small = Math.min(r, Math.min(w, h) / 2 - 1);
  return small >= 5 ? { cx: x + w / 2, cy: y + h / 2, r: small, corner: false } : null;
}

/** drawBadge draws a piece's number: white on a filled circle. */
function drawBadge(ctx: CanvasRenderingContext2D, b: Badge, text: string, fill: string) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(b.cx, b.cy, b.r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const font = Math.max(7, Math.round(b.r * (text.length > 2 ? 0.85 : 1.15)));
  ctx.font = `700 ${font}px system-ui, sans-serif`;
  ctx.fillText(text, b.cx, b.cy + 0.5, 2 * b.r - 2);
}

/** drawCheck draws a cut piece's check: a white tick on a green circle of radius r at (cx, cy). */
function drawCheck(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number) {
  ctx.fillStyle = CHECK;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(2, r / 4);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.45, cy);
  ctx.lineTo(cx - r * 0.1, cy + r * 0.38);
  ctx.lineTo(cx + r * 0.5, cy - r * 0.35);
  ctx.stroke();
  ctx.lineCap = 'butt';
  ctx.lineWidth = 1;
}

function fitText(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(t + '…').width > width) t = t.slice(0, -1);
  return t + '…';
}
