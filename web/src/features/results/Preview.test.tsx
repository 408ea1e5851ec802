import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../engine/types';
import { fitScale, Preview } from './Preview';
import { previewScale } from './scale';

// A 2D context that records what is drawn: each fillRect with its fill,
// each text, each filled circle (arc then fill) with its colour.
interface Drawn {
  rects: { x: number; y: number; w: number; h: number; fill: string }[];
  texts: { text: string; x: number; y: number; fill: string; font: string }[];
  circles: { x: number; y: number; r: number; fill: string }[];
}
let drawn: Drawn;

function recorder(): CanvasRenderingContext2D {
  let arc: { x: number; y: number; r: number } | null = null;
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    setTransform() {},
    setLineDash() {},
    beginPath() {
      arc = null;
    },
    moveTo() {},
    lineTo() {},
    stroke() {},
    strokeRect() {},
    arc(x: number, y: number, r: number) {
      arc = { x, y, r };
    },
    fill() {
      if (arc) drawn.circles.push({ ...arc, fill: ctx.fillStyle });
    },
    fillRect(x: number, y: number, w: number, h: number) {
      drawn.rects.push({ x, y, w, h, fill: ctx.fillStyle });
    },
    fillText(text: string, x: number, y: number) {
      drawn.texts.push({ text, x, y, fill: ctx.fillStyle, font: ctx.font });
    },
    measureText(text: string) {
      return { width: text.length * 7 };
    },
  };
  return ctx as unknown as CanvasRenderingContext2D;
}

const page: Page = {
  id: 'p1',
  efficiency: 36,
  parts: [
    { id: 'k-1', name: 'Kapak', x: 0, y: 0, width: 40, height: 30, rotated: false, originalIndex: 0 },
    { id: 'k-2', name: 'Kapak', x: 0, y: 40, width: 40, height: 30, rotated: false, originalIndex: 0 },
    { id: 'r-1', name: 'Raf', x: 50, y: 0, width: 40, height: 30, rotated: false, originalIndex: 1 },
  ],
} as Page;
const sheet = { width: 100, height: 100 };

beforeEach(() => {
  drawn = { rects: [], texts: [], circles: [] };
  const ctx = recorder();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as unknown as HTMLCanvasElement['getContext']);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove());
});

/** pieceFill is the fill of the 40 cm wide piece drawn at x, y (cm) at scale px per cm. */
const pieceFill = (x: number, y: number, scale: number) =>
  drawn.rects.find((r) => Math.abs(r.x - x * scale) < 0.01 && Math.abs(r.y - y * scale) < 0.01 && Math.abs(r.w - 40 * scale) < 0.01)?.fill;

describe('Preview without marks (the results screen)', () => {
  it('draws as before: the fixed scale, the parts in their colours, no numbers', () => {
    const { container } = render(<Preview sheet={sheet} page={page} ultra={false} />);
    const s = previewScale(100, 100);
    const canvas = container.querySelector('canvas')!;
    expect(canvas.style.width).toBe(`${s.width}px`);
    expect(canvas.style.height).toBe(`${s.height}px`);
    expect(container.querySelector('figure')!.className).toBe('preview');
    expect(pieceFill(0, 0, s.scale)).toBe('#dbeafe');
    expect(pieceFill(50, 0, s.scale)).toBe('#dcfce7');
    expect(drawn.circles).toEqual([]);
    expect(drawn.texts.map((t) => t.text)).toEqual(['Kapak', '40x30', 'Kapak', '40x30', 'Raf', '40x30']);
    expect(Math.max(...drawn.texts.map((t) => parseFloat(/(\d+(\.\d+)?)px/.exec(t.font)![1])))).toBeLessThanOrEqual(13);
  });

  it('says in words what the canvas shows: the sheet, then each part where it lies, top to bottom', () => {
    const turned = { ...page, parts: [...page.parts, { id: 'a-1', name: 'Arka', x: 50, y: 40, width: 45.5, height: 30, rotated: true, originalIndex: 2 }] } as Page;
    render(<Preview sheet={sheet} page={turned} ultra={false} />);
    expect(screen.getByRole('img', { name: 'Tuval 100 x 100 cm: Yerleştirilen: 4 parça' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Levhadaki parçalar' });
    expect(list).toHaveClass('sr-only');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Kapak 40 x 30 cm: soldan 0 cm, üstten 0 cm',
      'Raf 40 x 30 cm: soldan 50 cm, üstten 0 cm',
      'Kapak 40 x 30 cm: soldan 0 cm, üstten 40 cm',
      'Arka 45,5 x 30 cm: soldan 50 cm, üstten 40 cm, döndürülmüş',
    ]);
  });
});

describe('Preview with marks (the checklist)', () => {
  const marks = { 'k-1': { n: 2, cut: true }, 'k-2': { n: 3 }, 'r-1': { n: 1, spoiled: true } };

  it('numbers each piece with its place in the cut order', () => {
    render(<Preview sheet={sheet} page={page} ultra={false} marks={marks} />);
    const s = previewScale(100, 100);
    const numbers = drawn.texts.filter((t) => /^\d+$/.test(t.text));
    expect(numbers.map((t) => t.text).sort()).toEqual(['1', '2', '3']);
    // each number on its own piece: k-2 (at 0, 40 cm) carries 3
    const three = numbers.find((t) => t.text === '3')!;
    expect(three.y).toBeGreaterThan(40 * s.scale);
    expect(three.x).toBeLessThan(40 * s.scale);
    expect(three.fill).toBe('#ffffff');
  });

  it('greys a cut piece with a check, and marks a spoiled one red; an uncut one keeps its colour', () => {
    render(<Preview sheet={sheet} page={page} ultra={false} marks={marks} />);
    const s = previewScale(100, 100);
    expect(pieceFill(0, 0, s.scale)).toBe('#e5e7eb');
    expect(pieceFill(0, 40, s.scale)).toBe('#dbeafe');
    expect(pieceFill(50, 0, s.scale)).toBe('#fee2e2');
    // the check: a green circle at the cut piece's top right
    const checks = drawn.circles.filter((c) => c.fill === '#15803d');
    expect(checks).toHaveLength(1);
    expect(checks[0].x).toBeGreaterThan(20 * s.scale);
    expect(checks[0].x).toBeLessThan(40 * s.scale);
    // the cut piece's name is drawn grey
    expect(drawn.texts.find((t) => t.text === 'Kapak' && t.y < 30 * s.scale)!.fill).toBe('#4b5563');
  });

  it('leaves the parts in words to the checklist, which lists them', () => {
    render(<Preview sheet={sheet} page={page} ultra={false} marks={marks} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('draws a piece without a mark as without marks', () => {
    render(<Preview sheet={sheet} page={page} ultra={false} marks={{ 'k-1': { n: 1 } }} />);
    expect(drawn.texts.filter((t) => /^\d+$/.test(t.text)).map((t) => t.text)).toEqual(['1']);
  });
});

describe('Preview fit (the checklist)', () => {
  it('fills its box: the wrap’s width, within its CSS max-height, with larger labels', () => {
    const style = document.createElement('style');
    style.dataset.test = '';
    style.textContent = '.preview.fit .canvas-wrap { max-height: 320px; padding: 10px; border: 0 solid; }';
    document.head.appendChild(style);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(700);
    const { container } = render(<Preview sheet={sheet} page={page} ultra={false} fit />);
    const canvas = container.querySelector('canvas')!;
    expect(container.querySelector('figure')!.className).toBe('preview fit');
    // 680 x 300 px of room: a 100 x 100 cm sheet at 3 px per cm
    expect(canvas.style.width).toBe('300px');
    expect(canvas.style.height).toBe('300px');
    expect(canvas.style.display).toBe('block');
    // labels up to 18 px (13 without fit)
    expect(Math.max(...drawn.texts.map((t) => parseFloat(/(\d+(\.\d+)?)px/.exec(t.font)![1])))).toBeGreaterThan(13);
  });

  it('keeps the fixed scale until its box is laid out', () => {
    const { container } = render(<Preview sheet={sheet} page={page} ultra={false} fit />);
    expect(container.querySelector('canvas')!.style.width).toBe(`${previewScale(100, 100).width}px`);
  });
});

describe('fitScale', () => {
  it('fits the width or the height, whichever is tighter', () => {
    expect(fitScale(100, 148, 400, 600)).toBe(4);
    expect(fitScale(100, 148, 400, 296)).toBe(2);
    expect(fitScale(280, 207, 560, Infinity)).toBe(2);
  });
  it('is null for a box not laid out, and stays within 0.5 and 40 px per cm', () => {
    expect(fitScale(100, 100, 0, 300)).toBeNull();
    expect(fitScale(10, 10, 5000, 5000)).toBe(40);
    expect(fitScale(1000, 1000, 10, 10)).toBe(0.5);
  });
});
