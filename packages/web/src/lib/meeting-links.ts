/** The meeting detail route; `t` (seconds) asks the screen to start at that point. */
export function meetingPath(projectId: string, meetingId: string, startSeconds?: number): string {
  const base = `/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}`;
  return startSeconds === undefined ? base : `${base}?t=${Math.max(0, Math.floor(startSeconds))}`;
}

/** The spec allows a meeting's projectId as a plain id or a populated object. */
export function projectIdOf(projectId: string | { _id: string }): string {
  return typeof projectId === 'string' ? projectId : projectId._id;
}
