/** Which of one user's segments a search (or a scan of their vectors) reads. */
export type SearchScope =
  | { userId: string; meetingId: string }
  | { userId: string; projectId: string }
  | { userId: string; personId: string }
  /** Every meeting of the user (the global search). */
  | { userId: string };
