import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';

const CACHED = 'public-cache';
const MAX_ENTRIES = 2_000;

interface Entry {
  expiresAt: number;
  answer: Promise<unknown>;
  /** Set while a newer answer is being computed; the current one is served meanwhile. */
  refreshing?: boolean;
}

/**
 * Public answers that are the same for every visitor (the listing feed, the brands) are
 * kept for PUBLIC_CACHE_TTL_MS per URL, and concurrent misses share one computation: under
 * load the database sees each popular page at most once per interval. An expired answer is
 * still served while its successor is computed, so no visitor waits for the refresh.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const ttl = this.config.PUBLIC_CACHE_TTL_MS;
    if (ttl === 0 || !this.reflector.get<boolean>(CACHED, context.getHandler())) return next.handle();
    const key = context.switchToHttp().getRequest<Request>().originalUrl;
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && (cached.expiresAt > now || cached.refreshing)) return from(cached.answer);
    if (cached) {
      cached.refreshing = true;
      this.compute(key, ttl, next).catch(() => (cached.refreshing = false));
      return from(cached.answer);
    }
    return from(this.compute(key, ttl, next));
  }

  private compute(key: string, ttl: number, next: CallHandler): Promise<unknown> {
    const answer = lastValueFrom(next.handle());
    // The first computation of a URL is shared by everyone who asks meanwhile; a refresh replaces the entry once done.
    if (!this.entries.has(key)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { expiresAt: Date.now() + ttl, answer });
      // A failed computation is not kept: the next request tries again.
      answer.catch(() => this.entries.delete(key));
    } else {
      void answer.then((value) => this.entries.set(key, { expiresAt: Date.now() + ttl, answer: Promise.resolve(value) }), () => undefined);
    }
    return answer;
  }
}

/** Marks a public GET whose answer does not depend on who asks. */
export function PublicCache(): MethodDecorator {
  return applyDecorators(SetMetadata(CACHED, true), UseInterceptors(PublicCacheInterceptor));
}
