import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { defer, lastValueFrom } from 'rxjs';
import type { AppConfig } from '../config/app-config';
import { PublicCacheInterceptor } from './public-cache.interceptor';

function contextFor(url: string): ExecutionContext {
  return {
    getHandler: () => undefined,
    switchToHttp: () => ({ getRequest: () => ({ originalUrl: url }) }),
  } as unknown as ExecutionContext;
}

describe('public answer cache', () => {
  const reflector = { get: () => true } as unknown as Reflector;
  let computations = 0;
  const handler = (answer: () => Promise<unknown>): CallHandler => ({
    handle: () =>
      defer(async () => {
        computations += 1;
        return answer();
      }),
  });

  beforeEach(() => {
    computations = 0;
  });

  it('computes a popular page once for concurrent visitors within the interval', async () => {
    const cache = new PublicCacheInterceptor({ PUBLIC_CACHE_TTL_MS: 1_000 } as AppConfig, reflector);
    const slowPage = handler(() => new Promise((resolve) => setTimeout(() => resolve({ phones: [], pages: 0 }), 20)));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => lastValueFrom(cache.intercept(contextFor('/api/phone?page=1'), slowPage))),
    );
    expect(computations).toBe(1);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
    await lastValueFrom(cache.intercept(contextFor('/api/phone?page=2'), slowPage));
    expect(computations).toBe(2);
  });

  it('recomputes after a failure, and after the interval while still serving the previous answer', async () => {
    const cache = new PublicCacheInterceptor({ PUBLIC_CACHE_TTL_MS: 30 } as AppConfig, reflector);
    await expect(lastValueFrom(cache.intercept(contextFor('/x'), handler(() => Promise.reject(new Error('db down')))))).rejects.toThrow();
    expect(await lastValueFrom(cache.intercept(contextFor('/x'), handler(async () => 'first')))).toBe('first');
    expect(computations).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 40));

    // Expired: the visitor gets the previous answer at once; the refresh runs behind it.
    expect(await lastValueFrom(cache.intercept(contextFor('/x'), handler(async () => 'second')))).toBe('first');
    expect(computations).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await lastValueFrom(cache.intercept(contextFor('/x'), handler(async () => 'third')))).toBe('second');
    expect(computations).toBe(3);
  });

  it('is off when the interval is 0', async () => {
    const cache = new PublicCacheInterceptor({ PUBLIC_CACHE_TTL_MS: 0 } as AppConfig, reflector);
    for (let visit = 0; visit < 3; visit++) await lastValueFrom(cache.intercept(contextFor('/x'), handler(async () => 'ok')));
    expect(computations).toBe(3);
  });
});
