// Scratch PostgreSQL clusters for the drills (restore, scale-out): created with the installed
// server's own initdb and pg_ctl in a temporary directory, on loopback ports, as the caller or,
// under root, as the postgres user (PostgreSQL refuses to run as root).
import { execFile } from 'node:child_process';
import { appendFile, chown, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

export interface Owner {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root the clusters are the postgres user's; otherwise the caller's own. */
export async function clusterOwner(): Promise<Owner | null> {
  if (process.getuid?.() !== 0) return null;
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/** Runs a program as the clusters' owner; answers its standard output. */
export async function asOwner(owner: Owner | null, command: string, args: string[]): Promise<string> {
  const [file, argv] = owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const { stdout } = await run(file, argv, { maxBuffer: 16 * 1024 * 1024 }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`${command} ${args.join(' ')} failed: ${error.stderr || error.message}`);
  });
  return stdout;
}

export async function chownTree(path: string, owner: Owner): Promise<void> {
  await chown(path, owner.uid, owner.gid);
  for (const entry of await readdir(path, { withFileTypes: true })) if (entry.isDirectory()) await chownTree(join(path, entry.name), owner);
}

/** A PostgreSQL server program of the newest version installed (Debian keeps them out of PATH). */
export async function binary(name: string): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = (await readdir(root).catch(() => [] as string[])).map(Number).filter(Boolean).sort((a, b) => b - a);
  return versions.length ? join(root, String(versions[0]), 'bin', name) : name;
}

/** initdb's cluster in `data` (trust on loopback, UTF-8) with `settings` added to its postgresql.conf. */
export async function createCluster(owner: Owner | null, data: string, settings: string[]): Promise<void> {
  await asOwner(owner, await binary('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  await appendFile(join(data, 'postgresql.conf'), [...settings, ''].join('\n'));
}

/** Starts the cluster in `data` and notes it in `running`, for stopClusters. */
export async function startCluster(owner: Owner | null, data: string, running: string[]): Promise<void> {
  await asOwner(owner, await binary('pg_ctl'), ['-D', data, '-l', join(data, 'server.log'), '-w', '-t', '600', 'start']);
  running.push(data);
}

/** Stops every cluster started, the last first, without waiting for checkpoints. */
export async function stopClusters(owner: Owner | null, running: string[]): Promise<void> {
  for (const data of running.reverse()) await asOwner(owner, await binary('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
}

/**
 * A primary in `work`/primary with a database `market`, and its streaming replica in `work`/replica
 * (a base backup of the running primary, configured by pg_basebackup -R to stream from it).
 */
export async function startStreamingPair(owner: Owner | null, work: string, running: string[]): Promise<{ primaryUrl: string; replicaUrl: string }> {
  const [primaryPort, replicaPort] = await Promise.all([freePort(), freePort()]);
  const primary = join(work, 'primary');
  const replica = join(work, 'replica');
  await createCluster(owner, primary, [
    `port = ${primaryPort}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${work}'`,
    'max_connections = 300',
    // A scratch cluster: durability is not what is drilled, the time it takes is.
    'fsync = off',
  ]);
  await startCluster(owner, primary, running);
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/market`;
  await withClient(primaryUrl.replace(/\/market$/, '/postgres'), (client) => client.query('CREATE DATABASE market'));
  await asOwner(owner, await binary('pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream', '-c', 'fast']);
  await appendFile(join(replica, 'postgresql.conf'), `port = ${replicaPort}\n`);
  await startCluster(owner, replica, running);
  return { primaryUrl, replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/market` };
}

export async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
