import { createServer } from 'node:net';

/** A port nobody listens on right now, on the loopback interface (start:cluster's instances, the benches' servers). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}
