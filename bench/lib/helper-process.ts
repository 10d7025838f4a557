// A bench's helper processes (servers or load it must not share a process with), asked things over the IPC channel of `fork`.
import { fork } from 'node:child_process';

type Handlers = Record<string, (payload: never) => unknown>;

/** In a helper: answers each request with its handler's result; leaves when the bench does. */
export function answerRequests(handlers: Handlers): void {
  process.on('message', async ({ id, type, payload }: { id: number; type: string; payload: never }) => {
    try {
      process.send!({ id, result: await handlers[type](payload) });
    } catch (error) {
      process.send!({ id, error: (error as Error).stack ?? String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

export interface HelperProcess {
  pid: number;
  ask<T>(type: string, payload?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** Forks a helper module (TypeScript: the bench's own tsx loader comes with execArgv); `nodeArgs` go to Node besides. */
export function forkHelper(file: string, nodeArgs: string[] = []): HelperProcess {
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...nodeArgs] });
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  child.on('message', ({ id, result, error }: { id: number; result: never; error?: string }) => {
    const request = waiting.get(id)!;
    waiting.delete(id);
    if (error) request.reject(new Error(error));
    else request.resolve(result);
  });
  child.on('exit', (code) => {
    for (const request of waiting.values()) request.reject(new Error(`${file} exited with code ${code}`));
  });
  return {
    pid: child.pid!,
    ask: <T>(type: string, payload?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (value: never) => void, reject });
        child.send({ id, type, payload });
      }),
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  };
}
