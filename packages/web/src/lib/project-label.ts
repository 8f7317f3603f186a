import type { Project } from '@parley/contract';
import { formatDate } from '@/lib/format';

/** '3 meetings · created Nov 22, 2026': what tells two projects apart besides their names. */
export function projectDetails(project: Pick<Project, 'meetingCount' | 'createdAt'>): string {
  const count = project.meetingCount ?? 0;
  const meetings = count === 1 ? '1 meeting' : `${count} meetings`;
  const created = formatDate(project.createdAt);
  return created ? `${meetings} · created ${created}` : meetings;
}

/**
 * Names for a list where only a name fits (a select's options). Names are unique per user
 * (case-insensitively) from now on, but projects made before that rule may share one: those get
 * their details appended so the user can tell which is which.
 */
export function distinctProjectLabels(projects: Project[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const project of projects) {
    const key = project.name.trim().toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map(
    projects.map((project) => [
      project._id,
      (counts.get(project.name.trim().toLowerCase()) ?? 0) > 1
        ? `${project.name} (${projectDetails(project)})`
        : project.name,
    ]),
  );
}
