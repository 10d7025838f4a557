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
}

/**
 * Public answers that are the same for every visitor (the listing feed, the brands) are
 * kept for PUBLIC_CACHE_TTL_MS per URL, and concurrent misses share one computation: under
 * load the database sees each popular page at most once per interval.
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
    if (cached && cached.expiresAt > now) return from(cached.answer);

    const answer = lastValueFrom(next.handle());
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { expiresAt: now + ttl, answer });
    // A failed computation is not kept: the next request tries again.
    answer.catch(() => this.entries.delete(key));
    return from(answer);
  }
}

/** Marks a public GET whose answer does not depend on who asks. */
export function PublicCache(): MethodDecorator {
  return applyDecorators(SetMetadata(CACHED, true), UseInterceptors(PublicCacheInterceptor));
}
