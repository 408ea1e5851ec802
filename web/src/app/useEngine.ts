import { useEffect, useMemo, useState } from 'react';
import { EngineClient } from '../features/engine/client';

/**
 * useEngine is the engine's client (given: a stand-in for tests), started
 * at once; onServer is set once the browser's engine failed and layouts go
 * to the server.
 */
export function useEngine(given?: EngineClient): { engine: EngineClient; onServer: boolean } {
  const [onServer, setOnServer] = useState(false);
  const engine = useMemo(() => given ?? new EngineClient(() => setOnServer(true)), [given]);
  useEffect(() => engine.warm(), [engine]);
  return { engine, onServer };
}
