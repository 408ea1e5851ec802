import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // CSS is left out of the tests, but for a stylesheet a test reads as text (styles.test.ts).
    css: { include: [/\.css\?raw$/] },
  },
  // The part readers' parity table is kesim nest's test data too
  // (internal/partcsv/testdata/parity.json, parity.test.ts).
  server: { fs: { allow: ['.', '../internal/partcsv/testdata'] } },
});
