import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import Redis from 'ioredis';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilAnswering(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      probe.disconnect();
    }
  }
  throw new Error(`redis-server did not start at ${url}`);
}

/** A private redis-server on its own port, which a test may stop and start again, or pause, to simulate an outage. */
export async function startPrivateRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntilAnswering(url);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  /** Redis hangs (SIGSTOP): connections stay open, nothing is answered. */
  const pause = () => void child?.kill('SIGSTOP');
  const resume = () => void child?.kill('SIGCONT');
  await start();
  return { url, start, stop, pause, resume };
}
