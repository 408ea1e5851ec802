import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // CSS is left out of the tests, but for a stylesheet a test reads as text (styles.test.ts).
    css: { include: [/\.css\?raw$/] },
  },
});
