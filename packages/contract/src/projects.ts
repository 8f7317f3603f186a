import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';
import { LIMITS } from './limits.ts';
import { ProjectRole } from './members.ts';

const { min, max } = LIMITS.projectName;

export const ProjectName = z
  .string({ error: 'Project name is required' })
  .trim()
  .min(1, 'Project name is required')
  .min(min, `Project name must be at least ${min} characters`)
  .max(max, `Project name must be at most ${max} characters`);

export const ProjectDescription = z
  .string()
  .trim()
  .max(LIMITS.projectDescriptionMax, `Description must be at most ${LIMITS.projectDescriptionMax} characters`);

export const CreateProjectRequest = z.object({
  name: ProjectName,
  description: ProjectDescription.optional(),
});
export type CreateProjectRequest = z.infer<typeof CreateProjectRequest>;

/** Edit sends the name and the description ('' clears it); either may be left out to keep it. */
/** "Delete recordings after N days" (docs/decisions/173): null keeps them. */
export const AudioRetentionDays = z
  .number({ error: 'Enter a number of days' })
  .int('Enter a whole number of days')
  .min(1, 'Keep recordings at least 1 day')
  .max(36_500, 'At most 36500 days')
  .nullable();

export const UpdateProjectRequest = z.object({
  name: ProjectName.optional(),
  description: z.union([ProjectDescription, z.null()]).optional(),
  /** The summary template used by default for the project's meetings (one of the user's), null for the built-in one. */
  summaryTemplateId: Id.nullable().optional(),
  audioRetentionDays: AudioRetentionDays.optional(),
});
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

export const Project = z.object({
  _id: Id,
  name: z.string(),
  description: z.string().optional(),
  meetingCount: z.number().int().min(0),
  summaryTemplateId: Id.nullable().optional(),
  audioRetentionDays: z.number().int().nullable(),
  /** The caller's role in it (docs/decisions/220). */
  role: ProjectRole,
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Project = z.infer<typeof Project>;

export const ProjectResponse = success(Project);
export const ProjectListResponse = success(z.object({ projects: z.array(Project) }));
