import { useEffect, useMemo, useState } from 'react';
import { EngineClient } from '../features/engine/client';

/** MAX_HELPERS caps the extra engine workers of a longer search (each holds its own engine in memory). */
const MAX_HELPERS = 3;

/**
 * helperCount is how many helper engines a longer search runs beside the
 * main one: one per further core the browser reports, at most MAX_HELPERS.
 */
export function helperCount(cores: number | undefined): number {
  return Math.max(0, Math.min(MAX_HELPERS, (cores ?? 1) - 1));
}

/**
 * useEngine is the engine's client (given: a stand-in for tests), started
 * at once; onServer is set once the browser's engine failed and layouts go
 * to the server. helpers are the further engines of a longer search (see
 * LayoutSearch), made when first asked for and never sent to the server.
 */
export function useEngine(given?: EngineClient): { engine: EngineClient; onServer: boolean; helpers: () => EngineClient[] } {
  const [onServer, setOnServer] = useState(false);
  const engine = useMemo(() => given ?? new EngineClient(() => setOnServer(true)), [given]);
  useEffect(() => engine.warm(), [engine]);
  const helpers = useMemo(() => {
    let made: EngineClient[] | null = null;
    return () => {
      if (given || engine.usingServer || typeof Worker === 'undefined') return [];
      made ??= Array.from({ length: helperCount(typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency) }, () => new EngineClient(() => {}, false));
      return made;
    };
  }, [engine, given]);
  return { engine, onServer, helpers };
}
