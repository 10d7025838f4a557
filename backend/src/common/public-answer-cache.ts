import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Global,
  Injectable,
  Module,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
  type Type,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, Server, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import { LRUCache } from 'lru-cache';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { carriesSessionCookie } from '../auth/session-cookie';
import { headerSessionTokenOf } from '../auth/session-header';
import { AppConfig } from '../config/app-config';
import { httpRequestDuration, publicAnswers } from '../metrics/process-series';
import { routeClass } from '../metrics/request-timing';

/**
 * What each visitor of an answer does besides reading it (a listing's view is counted). It runs
 * for every anonymous visitor: the one whose request computes the answer does it in the handler,
 * the others, answered from memory, here.
 */
export abstract class VisitRecorder {
  abstract record(request: IncomingMessage): Promise<unknown>;
}

/**
 * A public GET that is computed without Express when no answer is kept for its URL (issue 17:
 * the long tail of URLs misses the cache, and Express, helmet, the request logger and Nest's
 * pipeline cost about as much as the answer's own work). `route` answers the computation of a
 * path and query of this route, the same as its controller's, or undefined when they are not
 * this route's or not valid: Express then answers them (its refusal is the controller's).
 */
export interface DirectRoute {
  route(pathname: string, query: ParsedUrlQuery, request: IncomingMessage): (() => Promise<unknown>) | undefined;
  recorder?: VisitRecorder;
}

interface StoredAnswer {
  expiresAt: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The pattern of the route that computed it, for the latency of its replays. */
  route: string;
  recorder?: VisitRecorder;
  /** Set while one request computes the successor of an expired answer; the others get this one meanwhile. */
  refreshing?: boolean;
}

const MAX_ANSWERS = 2_000;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers that are the same for every visitor (the listing feed, the brands) are kept for
 * PUBLIC_CACHE_TTL_MS per URL as the bytes that were sent, and replayed to anonymous visitors
 * before Express and the NestJS pipeline run: a hit costs no middleware, guard, logger,
 * serialisation or query.
 * Concurrent misses share one computation, and an expired answer is still served while one
 * request computes its successor, so the database sees each popular page at most once per
 * interval.
 *
 * Only anonymous, same-origin requests are answered and stored: a signed-in visitor's request
 * runs the pipeline (its session is checked and refreshed), and no cookie or CORS header of one
 * visitor is ever replayed to another. An answer with a VisitRecorder still records every visit.
 */
@Injectable()
export class PublicAnswerCache {
  private readonly answers = new LRUCache<string, StoredAnswer>({ max: MAX_ANSWERS });
  private readonly computing = new Map<string, Promise<unknown>>();
  private readonly directRoutes: DirectRoute[] = [];
  /**
   * The headers of each direct route's answers as its controller sent them (helmet's among them),
   * and its route's pattern: a route is computed directly once Express has answered it once.
   */
  private readonly directHeaders = new Map<DirectRoute, { headers: OutgoingHttpHeaders; route: string }>();
  /** Why a direct computation failed: Express then answers the request with it, without computing it again. */
  private readonly directFailures = new WeakMap<IncomingMessage, unknown>();

  constructor(
    private readonly config: AppConfig,
    @InjectPinoLogger(PublicAnswerCache.name) private readonly logger: PinoLogger,
  ) {}

  get enabled(): boolean {
    return this.config.PUBLIC_CACHE_TTL_MS > 0;
  }

  /**
   * Puts the replay in front of the HTTP server's own handler (Express), so that a hit skips
   * Express and every middleware too.
   */
  answerFirst(server: Server): void {
    const handlers = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const viaExpress = () => {
        for (const handle of handlers) handle(request, response);
      };
      if (!this.replayed(request, response) && !this.computedDirectly(request, response, viaExpress)) viaExpress();
    });
  }

  /** Registers a route whose misses are computed without Express (see DirectRoute). */
  answerDirectly(route: DirectRoute): void {
    this.directRoutes.push(route);
  }

  private computedDirectly(request: IncomingMessage, response: ServerResponse, viaExpress: () => void): boolean {
    if (!this.directHeaders.size || !isAnonymousSameOriginGet(request)) return false;
    const { pathname, query } = splitUrl(request.url!);
    for (const route of this.directRoutes) {
      const learned = this.directHeaders.get(route);
      const compute = learned && route.route(pathname, query, request);
      if (!compute) continue;
      const stop = httpRequestDuration.startTimer({ method: 'GET', route: learned.route });
      this.shared(request.url!, request, () => compute(), () => learned.headers, learned.route, route.recorder).then(
        () => {
          const answer = this.answers.get(request.url!)!;
          response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
          response.end(answer.body);
          stop({ status: 200 });
          this.logger.info({ req: request, res: response, direct: true }, 'request completed');
        },
        // A refusal or a failure is answered through the pipeline, as the controller's own (ErrorFilter).
        (error: unknown) => {
          this.directFailures.set(request, error);
          viaExpress();
        },
      );
      return true;
    }
    return false;
  }

  private replayed(request: IncomingMessage, response: ServerResponse): boolean {
    if (!isAnonymousSameOriginGet(request)) return false;
    const answer = this.answers.get(request.url!);
    if (!answer) return false;
    if (answer.expiresAt > Date.now() || answer.refreshing) {
      const stop = httpRequestDuration.startTimer({ method: 'GET', route: answer.route, status: 200 });
      response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
      response.end(answer.body);
      stop();
      publicAnswers.inc({ result: 'hit' });
      this.recordVisit(answer.recorder, request);
      // Express's request logger never sees a replay: without this line the log would miss most
      // of the traffic. The logger's serializers keep only the method, the path and the status.
      this.logger.info({ req: request, res: response, replayed: true }, 'request completed');
      return true;
    }
    answer.refreshing = true;
    response.once('close', () => (answer.refreshing = false));
    return false;
  }

  /** The answer of a public handler: computed once for all concurrent anonymous visitors, then kept. */
  answer(request: Request, response: Response, compute: () => Promise<unknown>, recorder?: VisitRecorder): Promise<unknown> {
    if (this.directFailures.has(request)) return Promise.reject(this.directFailures.get(request));
    if (!isAnonymousSameOriginGet(request)) return compute();
    const route = routeClass(request);
    return this.shared(request.originalUrl, request, compute, () => this.learnHeaders(request.originalUrl, request, replayableHeaders(response), route), route, recorder);
  }

  /**
   * Computes the answer of `key` once for all concurrent visitors and keeps it with `headers()`.
   * A visitor who shares another's computation is answered by it, and visits only if it succeeds.
   */
  private shared(
    key: string,
    request: IncomingMessage,
    compute: () => Promise<unknown>,
    headers: () => OutgoingHttpHeaders,
    route: string,
    recorder?: VisitRecorder,
  ): Promise<unknown> {
    let value = this.computing.get(key);
    if (value) {
      publicAnswers.inc({ result: 'hit' });
      void value.then(() => this.recordVisit(recorder, request), () => undefined);
      return value;
    }
    publicAnswers.inc({ result: 'miss' });
    value = compute().then((computed) => {
      this.answers.set(key, {
        expiresAt: Date.now() + this.config.PUBLIC_CACHE_TTL_MS,
        headers: headers(),
        body: Buffer.from(JSON.stringify(computed)),
        route,
        recorder,
      });
      return computed;
    });
    this.computing.set(key, value);
    // A failed computation is not kept: the next request tries again.
    void value.finally(() => this.computing.delete(key)).catch(() => undefined);
    return value;
  }

  /** The headers Express sent for a direct route and its pattern, kept for the route's answers computed without it. */
  private learnHeaders(url: string, request: IncomingMessage, headers: OutgoingHttpHeaders, pattern: string): OutgoingHttpHeaders {
    if (this.directHeaders.size < this.directRoutes.length) {
      const { pathname, query } = splitUrl(url);
      const route = this.directRoutes.find((candidate) => !this.directHeaders.has(candidate) && candidate.route(pathname, query, request));
      if (route) this.directHeaders.set(route, { headers, route: pattern });
    }
    return headers;
  }

  /** After the answer: a visit that could not be recorded (Redis or PostgreSQL away) costs the visitor nothing. */
  private recordVisit(recorder: VisitRecorder | undefined, request: IncomingMessage): void {
    recorder?.record(request).catch((error: unknown) => this.logger.warn({ err: error }, 'A visit was not recorded'));
  }
}

/** The path and the query as Express 5 reads them (node:querystring: a repeated name gives an array). */
function splitUrl(url: string): { pathname: string; query: ParsedUrlQuery } {
  const mark = url.indexOf('?');
  return mark < 0 ? { pathname: url, query: {} } : { pathname: url.slice(0, mark), query: parseQuery(url.slice(mark + 1)) };
}

/** Anonymity is judged from the cookies and the Mini App's session header as the session guard reads them, never from the Cookie header's text. */
function isAnonymousSameOriginGet(request: IncomingMessage): boolean {
  return request.method === 'GET' && !request.headers.origin && !carriesSessionCookie(request) && !headerSessionTokenOf(request);
}

/** What is replayed to everyone never sets a cookie, whoever's request computed it. */
function replayableHeaders(response: Response): OutgoingHttpHeaders {
  const headers = response.getHeaders();
  delete headers['set-cookie'];
  return { ...headers, 'content-type': JSON_CONTENT_TYPE };
}

const VISIT_RECORDER = 'publicAnswer:visitRecorder';

@Injectable()
export class PublicAnswerInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: PublicAnswerCache,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.cache.enabled) return next.handle();
    const http = context.switchToHttp();
    const recorderType = this.reflector.getAllAndOverride<Type<VisitRecorder> | undefined>(VISIT_RECORDER, [context.getHandler(), context.getClass()]);
    const recorder = recorderType && this.moduleRef.get(recorderType, { strict: false });
    return from(this.cache.answer(http.getRequest<Request>(), http.getResponse<Response>(), () => lastValueFrom(next.handle()), recorder));
  }
}

/**
 * Marks a public GET whose answer does not depend on who asks; `recorder` (a provider) records
 * each anonymous visit, also those answered from memory.
 */
export function PublicCache(recorder?: Type<VisitRecorder>): MethodDecorator & ClassDecorator {
  return applyDecorators(UseInterceptors(PublicAnswerInterceptor), SetMetadata(VISIT_RECORDER, recorder));
}

@Global()
@Module({ providers: [PublicAnswerCache, PublicAnswerInterceptor], exports: [PublicAnswerCache, PublicAnswerInterceptor] })
export class PublicAnswerCacheModule {}
