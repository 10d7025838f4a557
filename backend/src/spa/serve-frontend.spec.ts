import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { serveFrontend } from './serve-frontend';

const SCRIPT = `console.log(${JSON.stringify('telefon '.repeat(500))});`;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser sends it, answering the bytes on the wire (no client-side decompression). */
function get(server: Server, path: string, acceptEncoding?: string): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the built frontend assets', () => {
  let server: Server;

  beforeAll(async () => {
    const app = express();
    const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    writeFileSync(join(dist, 'assets/index-abc.js'), SCRIPT);
    writeFileSync(join(dist, 'assets/index-abc.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets/index-abc.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dist, 'assets/logo-abc.png'), 'not compressed');
    serveFrontend(app, dist);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends a browser the build's brotli script, labelled as a script and cached for a year", async () => {
    const response = await get(server, '/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a client without brotli, and the plain file to one that compresses nothing', async () => {
    const gzipped = await get(server, '/assets/index-abc.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await get(server, '/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends files the build did not compress as they are, and 404 for unknown assets', async () => {
    const picture = await get(server, '/assets/logo-abc.png', 'br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.toString()).toBe('not compressed');
    expect((await get(server, '/assets/missing-abc.js', 'br')).status).toBe(404);
  });
});
