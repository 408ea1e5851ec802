// The engine's JSON (docs/engine.md), generated from package nest's Go
// types by `go generate ./cmd/gen-ts` into src/generated/engine.ts: a field
// added in Go appears here, and `make check-generated` fails on a stale
// copy. The app calls a request's part PartInput.
export type {
  Cut,
  Options,
  Page,
  Part as PartInput,
  Placed,
  Progress,
  Request,
  Result,
  Sheet,
  Skipped,
  Stats,
} from '../../generated/engine';

/**
 * PaperKind is a shop-floor paper the engine's worker writes: the labels,
 * the cut list for Excel or as CSV (its pieces; its sheets, "Levhalar", in a
 * second CSV as kesim nest --csv writes them), the price quote.
 */
export type PaperKind = 'labels' | 'xlsx' | 'cutCsv' | 'sheetsCsv' | 'quotePdf' | 'quoteCsv';
