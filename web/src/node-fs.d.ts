// Tests read kesim nest's binary test files (internal/partcsv/testdata/xlsx)
// with Node's fs; the app has no Node types, so the one function they use
// is declared here.
declare module 'node:fs' {
  export function readFileSync(path: URL | string): Uint8Array;
}
