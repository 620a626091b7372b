import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made the call, once the binder knows (http/bind.ts): for the request's log line. */
    caller?: { id: number; type: number; apiKeyId?: number };
  }
}

/** The caller's fields of a request's log line: user id, account type, the API key if one. */
function callerFields(request: FastifyRequest) {
  const c = request.caller;
  if (!c) return {};
  return c.apiKeyId === undefined
    ? { userId: c.id, accountType: c.type }
    : { userId: c.id, accountType: c.type, apiKeyId: c.apiKeyId };
}

/**
 * One log line per request (the route pattern with it), written when it completes (with the request's method, URL and address,
 * and the caller's user id and account type once known),
 * instead of Fastify's two: each line is a write to the log, and the second one doubled the
 * logging cost of a small API call.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime, ...callerFields(request) },
        'request errored',
      );
    else {
      // The API's requests at info; static files, pages, /health and /ready at debug: they were
      // three lines in four of a session's log.
      const line = {
        req: request,
        res: reply,
        route: request.routeOptions.url,
        responseTime: reply.elapsedTime,
        ...callerFields(request),
      };
      if (request.url.startsWith('/api/')) reply.log.info(line, 'request completed');
      else reply.log.debug(line, 'request completed');
    }
  }
}
