import {
  type CreateProjectRequest,
  ProjectDescription,
  ProjectName,
  type UpdateProjectRequest,
} from '@parley/contract';
import { z } from 'zod';

/** Spec section 5, Project: name required, trimmed, 2-100; description optional, at most 500. */
export const ProjectFormSchema = z.object({ name: ProjectName, description: ProjectDescription });
export type ProjectFormValues = z.input<typeof ProjectFormSchema>;
export type ProjectFormOutput = z.output<typeof ProjectFormSchema>;

export function createProjectPayload(values: ProjectFormOutput): CreateProjectRequest {
  return values.description ? { name: values.name, description: values.description } : { name: values.name };
}

/** On edit an empty description is sent as '' so the server clears it. */
export function updateProjectPayload(values: ProjectFormOutput): UpdateProjectRequest {
  return { name: values.name, description: values.description ?? '' };
}
