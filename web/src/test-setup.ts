import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetKnownSession } from './app/knownSession';

afterEach(() => {
  cleanup();
  forgetKnownSession();
});

// jsdom has no 2D canvas; the preview then draws nothing and says it in text.
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
