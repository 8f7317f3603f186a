import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';

const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';

/** One error handler: a stable body `{success:false, message, errors?}`; unknown errors are logged and hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx AppError (the recording store down) tells the user little: the log gets the cause.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({ success: false, message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const message = errors.length === 1 ? errors[0]!.message : 'Validation failed';
      return reply.status(400).send({ success: false, message, errors });
    }
    if (request.raw.readableAborted || request.raw.socket?.destroyed) {
      // The client went away mid-request (a cancelled upload): nothing to answer, and nothing wrong here.
      request.log.info({ err: error }, 'request cancelled by the client');
      return reply.status(499).send();
    }
    // PostgreSQL text cannot hold NUL (SQLite can): a string with one is the client's mistake, not a 500.
    if ((error as { code?: unknown }).code === PG_CHARACTER_NOT_IN_REPERTOIRE) {
      return reply.status(400).send({ success: false, message: 'Text must not contain NUL characters' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large...).
      return reply.status(status).send({ success: false, message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Internal server error' });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The body does not match its Content-Length';
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_TYPE':
      return 'The Content-Type header is not valid';
    default:
      return error.message;
  }
}
