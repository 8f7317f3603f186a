import { errorMessage } from '@/lib/api-client';

/** Spec section 8: the server's message, else 'Search failed'; no reply at all: 'Unable to perform search'. */
export const searchErrorMessage = (error: unknown) => errorMessage(error, 'Search failed', 'Unable to perform search');
