import { connect, type Socket } from 'node:net';
import { LOOPBACK_ONLY, TEST_CASHBOX } from '../test/support/config';
import { ownTestDatabase } from '../test/support/database';
import { randomTestPhone } from '../test/support/users';
import { apiNodeArgs, NodeProcess } from './scale-out-stack';
import { freePort } from './scratch-cluster';

const DRAIN_MS = 2_000;

/** Sends the start of a sign-in request and holds the rest: a request in flight until `finish` sends it; `answer` is the status line. */
function slowSignIn(port: number): { finish: () => void; answer: Promise<string> } {
  const body = JSON.stringify({ phoneNumber: randomTestPhone() });
  const socket: Socket = connect(port, '127.0.0.1');
  socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
  let received = '';
  const answer = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n')) resolve(received.split('\r\n')[0]);
    });
    socket.on('close', () => resolve(received.split('\r\n')[0]));
    socket.on('error', reject);
  });
  void answer.finally(() => socket.destroy());
  return { finish: () => void socket.write(body.slice(5)), answer };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built API stopped as an orchestrator stops it (SIGTERM): for SHUTDOWN_DRAIN_MS it tells the
 * load balancer it is not ready while it still serves; then it takes no new connection, and a
 * request under way since before the signal is still answered before the process exits.
 */
describe('drill: an API node stopped with SIGTERM', () => {
  it('drains: not ready but serving, then refusing new connections, and answers the request in flight', async () => {
    const database = await ownTestDatabase('drain');
    const port = await freePort();
    const api = new NodeProcess(
      'api',
      apiNodeArgs(),
      {
        ...process.env,
        ...LOOPBACK_ONLY,
        ...TEST_CASHBOX,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: database.url,
        PORT: String(port),
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        PAYMENTS_SANDBOX: 'true',
      },
      (line) => line.startsWith('API listening'),
      `127.0.0.1:${port}`,
    );
    try {
      await api.start();
      const ready = () => fetch(`${api.url}/api/health/ready`).then((response) => response.status);
      expect(await ready()).toBe(200);

      const inFlight = slowSignIn(port);
      await pause(200);
      const stopped = api.stop('SIGTERM');
      await pause(300);
      // Draining: the load balancer reads 503 and moves traffic; a request that still comes is served.
      expect(await ready()).toBe(503);
      expect((await fetch(`${api.url}/api/category`)).status).toBe(200);

      await pause(DRAIN_MS);
      // Past the drain the node takes no new connection, while the request under way is still open.
      await expect(fetch(`${api.url}/api/category`)).rejects.toThrow();
      inFlight.finish();
      expect(await inFlight.answer).toBe('HTTP/1.1 201 Created');
      await stopped;
    } finally {
      await api.stop('SIGKILL');
      await database.drop();
    }
  }, 120_000);
});
