import { HttpStatus } from '@nestjs/common';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HEADERS_TOO_LARGE, statusEnvelope } from './error.filter';

/**
 * Node refuses a request it cannot parse before any handler runs: 431 when its address and
 * headers exceed the 16 KB limit (a huge pasted address), 400 when it is not HTTP. Node's own
 * answers have an empty body; these carry the translated envelope every other refusal has.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection that is gone, or already answering, has nobody to tell.
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? HEADERS_TOO_LARGE : HttpStatus.BAD_REQUEST;
    const body = JSON.stringify(statusEnvelope(status));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
