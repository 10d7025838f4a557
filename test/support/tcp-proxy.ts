import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP forwarder a test can cut: `cut()` drops every connection and refuses new ones,
 * which is what a process sees when its database or Redis becomes unreachable.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let reachable = true;
  const server = createServer((client) => {
    if (!reachable) return client.destroy();
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut(): void {
      reachable = false;
      for (const socket of sockets) socket.destroy();
    },
    restore(): void {
      reachable = true;
    },
    async close(): Promise<void> {
      this.cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The URL with its host and port swapped for the proxy's. */
export function throughProxy(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}
