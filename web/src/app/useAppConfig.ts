import { useEffect, useState } from 'react';
import { defaultFactory, defaultMachine, defaultTitle } from '../generated/texts';
import { request } from '../lib/api';

/** AppConfig is the page's texts the server may set (kesim serve --title, --machine, --factory). */
export interface AppConfig {
  title: string;
  machine: string;
  factory: string;
}

// The server's defaults (web.DefaultTitle ...), shown until it answers (and when it cannot).
const DEFAULT_CONFIG: AppConfig = { title: defaultTitle, machine: defaultMachine, factory: defaultFactory };

/** useAppConfig is the page's texts: the defaults, then what GET /api/config says. */
export function useAppConfig(): AppConfig {
  const [config, setConfig] = useState(DEFAULT_CONFIG);
  useEffect(() => {
    let live = true;
    request<Partial<AppConfig> | null>('GET', '/api/config')
      .then((c) => live && c && setConfig({ ...DEFAULT_CONFIG, ...c }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return config;
}
