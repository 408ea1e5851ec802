import { useEffect, useRef } from 'react';
import { fmt1d, fmtCm } from '../../lib/number';
import { msg } from '../../messages';
import type { Page, Sheet } from '../engine/types';
import { labelMinPx, previewScale } from './scale';
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

/** Preview draws one page: the grid, the parts with names and sizes, cuts. */
export function Preview({ sheet, page, ultra, title, cut = false }: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  const s = previewScale(sheet.width, sheet.height, typeof window === 'undefined' ? 1 : window.devicePixelRatio);
  const used = page.parts.reduce((a, p) => a + p.width * p.height, 0);
  const total = sheet.width * sheet.height;

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
      ctx.fillStyle = COLORS[c];
      ctx.fillRect(x, y, w, h);
      ctx.strokeStyle = STROKES[c];
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y + 0.5, Math.max(0, w - 1), Math.max(0, h - 1));
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
      if (w > minPx && h > minPx) {
        const size = `${fmtCm(p.width)}x${fmtCm(p.height)}${p.rotated ? ' ' + msg.rotatedMark : ''}`;
        const font = Math.max(9, Math.min(13, h / 3.2));
        ctx.fillStyle = '#111827';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.font = `600 ${font}px system-ui, sans-serif`;
        ctx.fillText(fit(ctx, p.name, w - 4), x + w / 2, y + h / 2 - (h > 2.6 * font ? font * 0.6 : 0), w - 4);
        if (h > 2.6 * font) {
          ctx.font = `${font - 1}px system-ui, sans-serif`;
          ctx.fillText(fit(ctx, size, w - 4), x + w / 2, y + h / 2 + font * 0.65, w - 4);
        }
      }
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
  }, [page, sheet, ultra, s.width, s.height, s.ratio, s.scale, s.grid]);

  return (
    <figure className="preview">
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
      <div className="canvas-wrap">
        <canvas
          ref={ref}
          style={{ width: s.width, height: s.height }}
          role="img"
          aria-label={`${title ?? msg.previewTitle(fmtCm(sheet.width), fmtCm(sheet.height))}: ${msg.placedCount(page.parts.length)}`}
        />
      </div>
      <div className="preview-stats">
        <span>{msg.placedCount(page.parts.length)}</span>
        <span>{msg.usedArea(fmt1d(used))}</span>
        <span>{msg.freeArea(fmt1d(Math.max(0, total - used)))}</span>
      </div>
    </figure>
  );
}

function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(t + '…').width > width) t = t.slice(0, -1);
  return t + '…';
}
