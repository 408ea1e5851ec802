import { fmtCm } from '../../lib/number';
import { wordKey, type Part } from './parts';

// The search of a long part list (PartList, shown while the list is drawn
// in a window and the browser's Ctrl+F cannot reach the cards off screen).
// A part matches when the query, folded as wordKey folds a header word
// (lower case the Turkish way, Turkish letters as ASCII, spaces, dots,
// dashes and slashes dropped), is in its folded name or in its folded
// size as the card shows it: "kapak" finds "KAPAK", "sag" finds "Sağ",
// "iç" finds "İÇ", "45,5" finds a card of 45,5 x 60 cm.

interface Folded {
  name: string;
  width: number;
  height: number;
  key: string;
}

/**
 * folded keeps each part's key: a keystroke then only compares (a job's
 * edit makes a new object of the part it changes, so the others keep
 * theirs). The name and size it was made of are checked, in case a part
 * was changed in place.
 */
const folded = new WeakMap<Part, Folded>();

/**
 * searchKey is the part's folded name and size, apart by a line break (no
 * folded query holds one). The size is "45,5 x 60 cm" as wordKey folds it,
 * "45,5x60cm", made at once (wordKey's Turkish lower case is its cost).
 */
export function searchKey(p: Part): string {
  const f = folded.get(p);
  if (f && f.name === p.name && f.width === p.width && f.height === p.height) return f.key;
  const key = `${wordKey(p.name)}\n${`${fmtCm(p.width)}x${fmtCm(p.height)}cm`.replace(/\./g, '')}`;
  folded.set(p, { name: p.name, width: p.width, height: p.height, key });
  return key;
}

/** WARM_SLICE_MS is how long (ms) warmKeys folds at a time, between the page's other work. */
const WARM_SLICE_MS = 8;

/**
 * warmKeys folds the parts' keys ahead of the first keystroke, a slice at
 * a time (20.000 names took some 50 ms at once); it returns its stop.
 */
export function warmKeys(parts: readonly Part[]): () => void {
  let i = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const end = performance.now() + WARM_SLICE_MS;
    while (i < parts.length && performance.now() < end) searchKey(parts[i++]);
    timer = i < parts.length ? setTimeout(slice, 0) : undefined;
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
}

/** queryKeys are a query's folded forms: as typed, and with a decimal point written as the cards write it (45.5 as 45,5). */
function queryKeys(query: string): string[] {
  const plain = wordKey(query);
  const comma = wordKey(query.replace(/(\d)\.(?=\d)/g, '$1,'));
  return comma === plain ? [plain] : [plain, comma];
}

/** isSearching says whether the query filters at all (one of letters or digits, not only spaces or dashes). */
export function isSearching(query: string): boolean {
  return wordKey(query) !== '';
}

/**
 * filterParts is the parts the query matches, in their order, and those
 * of keep whatever the query (a card edited under this query stays until
 * the query changes); parts itself when the query filters nothing.
 */
export function filterParts(parts: readonly Part[], query: string, keep: ReadonlySet<string> = new Set()): readonly Part[] {
  if (!isSearching(query)) return parts;
  const [a, b] = queryKeys(query);
  return parts.filter((p) => {
    const k = searchKey(p);
    return k.includes(a) || (b !== undefined && k.includes(b)) || keep.has(p.id);
  });
}
