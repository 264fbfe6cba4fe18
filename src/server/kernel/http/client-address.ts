import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

// The client's address as Fastify gives it in `request.ip`, for code that runs before Fastify
// has a request (the response cache's fast path): both must read the same address, or a
// visitor would be one country there and another in the routes.

/**
 * The client address of a raw request. Behind a trusted proxy (TRUST_PROXY, Fastify's
 * `trustProxy: true`) it is the first address of X-Forwarded-For, as Fastify reads it with
 * the same library; otherwise the socket's peer.
 */
export function clientAddressOf(trustProxy: boolean): (req: IncomingMessage) => string {
  if (!trustProxy) return (req) => req.socket.remoteAddress ?? '';
  const trustAll = () => true;
  return (req) => proxyAddr(req, trustAll) ?? '';
}
