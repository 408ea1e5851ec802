// Helpers shared by the end-to-end tests and the WebAssembly benchmark.
import net from 'node:net';

/** freePort returns a TCP port on 127.0.0.1 that nothing listens on. */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
