import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

/**
 * Fastify's `clientErrorHandler`: what Node could not read as a request (a timeout, headers
 * too large, bytes that are not HTTP) gets the server's one problem+json shape on the raw
 * socket, which is then closed. There is no request, so no request id.
 */
export default function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? 408
      : error.code === "HPE_HEADER_OVERFLOW"
        ? 431
        : 400;
  const detail =
    status === 408
      ? "The request was not received in time; send it at once."
      : status === 431
        ? "The request headers are larger than the server accepts."
        : "The request is not valid HTTP.";
  const body = JSON.stringify({
    type: `urn:liftoff:errors:HTTP-${status}`,
    title: STATUS_CODES[status],
    status,
    detail,
  });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
