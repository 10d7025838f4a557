import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { Config } from '../config/config.schema';

interface LoggedRequest {
  id: unknown;
  method: string;
  url: string;
}

/**
 * Request logs never carry secrets: no bodies, no headers (cookies, authorization,
 * set-cookie) and no query strings are logged, only what identifies the call.
 */
export function loggerParams(config: Pick<Config, 'LOG_LEVEL'>): Params {
  return {
    // Express 5's path syntax for every route (nestjs-pino's default '*' is converted with a warning at start).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: config.LOG_LEVEL,
      serializers: {
        req: (request: LoggedRequest) => ({ id: request.id, method: request.method, path: request.url.split('?')[0] }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      autoLogging: { ignore: (request) => request.url === '/api/health' },
    },
  };
}
