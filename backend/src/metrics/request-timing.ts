import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from './process-series';

/** Requests that matched no route (a 404, a probe of random paths) share one class. */
const UNMATCHED = 'unmatched';

/**
 * Times every request Express answers, labelled with the pattern of the route that answered it
 * (`/api/phone/:id`), known once the router has matched. Replayed public answers never reach
 * Express: PublicAnswerCache times those.
 */
export function timeRequests(request: Request, response: Response, next: NextFunction): void {
  const stop = httpRequestDuration.startTimer({ method: request.method });
  response.once('finish', () => stop({ route: routeClass(request), status: response.statusCode }));
  next();
}

/** The matched route's pattern, under the path its router is mounted at. */
export function routeClass(request: Request): string {
  const pattern = (request.route as { path?: string } | undefined)?.path;
  return typeof pattern === 'string' ? `${request.baseUrl}${pattern}` : UNMATCHED;
}
