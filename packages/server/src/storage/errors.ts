import { AppError } from '../lib/errors.ts';

/** The store failed or could not be reached: a 503 the client may retry; the cause is logged. */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, 'The recording store is not available right now; please try again in a moment');
    this.cause = cause;
  }
}

export const recordingNotFound = () => new AppError(404, 'Recording not found');
