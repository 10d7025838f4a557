import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every
 * client route so a reload of /profile or /phone/{id} works.
 */
export function serveFrontend(app: Express, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The built frontend is missing: ${indexFile} (run npm run build)`);
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || request.path.startsWith('/api')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(indexHtml);
  });
}
