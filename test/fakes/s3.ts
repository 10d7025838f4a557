import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
}

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of each UTF-8 byte, as SigV4 wants it; S3 keeps the path's slashes. */
function uriEncode(text: string, keepSlash: boolean): string {
  return [...Buffer.from(text)]
    .map((byte) => {
      const character = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(character) || (keepSlash && character === '/')) return character;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * Why a request's AWS Signature Version 4 (Authorization header form) is not valid for
 * `credentials`, or null when it is: the canonical request is rebuilt from what arrived and
 * signed with the secret, as S3 does.
 */
function signatureProblem(request: IncomingMessage, url: URL, body: Buffer, credentials: S3Credentials): string | null {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    request.headers.authorization ?? '',
  );
  if (!match) return 'missing or malformed SigV4 Authorization header';
  const [, accessKeyId, date, region, signedHeaders, signature] = match;
  if (accessKeyId !== credentials.accessKeyId) return 'unknown access key';
  if (region !== credentials.region) return 'wrong region';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'x-amz-date does not match the credential scope';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'x-amz-content-sha256 does not match the body';

  const canonicalQuery = [...url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)])
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    uriEncode(decodeURIComponent(url.pathname), true),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature ? null : 'signature does not match';
}

/**
 * A minimal S3-compatible server on 127.0.0.1 with one bucket, addressed by path
 * (`/<bucket>/<key>`) as MinIO is: PUT, GET and DELETE of objects, each request checked for
 * a valid SigV4 signature of `credentials`. GET without a signature is allowed, as on a
 * public-read bucket, so browsers and tests can load what a `location` URL names.
 */
export async function startS3Fake(credentials: S3Credentials) {
  const objects = new Map<string, StoredObject>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, bucket, ...keyParts] = decodeURIComponent(url.pathname).split('/');
    const key = keyParts.join('/');
    if (bucket !== credentials.bucket) return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');

    const anonymousRead = request.method === 'GET' && !request.headers.authorization;
    if (!anonymousRead) {
      const problem = signatureProblem(request, url, body, credentials);
      if (problem) return xmlError(response, 403, 'SignatureDoesNotMatch', problem);
    }
    switch (request.method) {
      case 'PUT':
        objects.set(key, {
          body,
          contentType: request.headers['content-type'],
          cacheControl: request.headers['cache-control'],
        });
        response.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      case 'GET': {
        const object = objects.get(key);
        if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, { 'Content-Type': object.contentType ?? 'application/octet-stream' });
        return response.end(object.body);
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      default:
        return xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    objects,
    /** The S3_* configuration that points the application at this server. */
    config: {
      S3_BUCKET: credentials.bucket,
      S3_ENDPOINT: url,
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PUBLIC_URL: `${url}/${credentials.bucket}`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
