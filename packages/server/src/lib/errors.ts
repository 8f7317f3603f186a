import type { ValidationIssue } from '@parley/contract';

/** An error whose message is safe to show the user, with the HTTP status it maps to. */
export class AppError extends Error {
  readonly status: number;
  readonly errors?: ValidationIssue[];
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options?: { errors?: ValidationIssue[]; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.errors = options?.errors;
    this.headers = options?.headers;
  }
}

export const badRequest = (message: string, errors?: ValidationIssue[]) => new AppError(400, message, { errors });
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new AppError(403, message);
export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
/** The client went away before the answer (nginx's 499): nobody reads it, and it is not the server's failure. */
export const clientClosed = () => new AppError(499, 'The client closed the connection');

/** Media over MAX_RECORDING_HOURS, as an upload or as a recording sent in chunks (decision 108). */
export const recordingTooLongMessage = (maxSeconds: number) =>
  `The recording is longer than the ${maxSeconds / 3600}-hour limit`;
