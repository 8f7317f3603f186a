import { describe, expect, it } from 'vitest';
import { createProjectPayload, ProjectFormSchema, updateProjectPayload } from './project-form';

/** The message the form shows per field: the first issue of each path. */
const errorsOf = (values: { name: string; description: string }) => {
  const result = ProjectFormSchema.safeParse(values);
  if (result.success) return [];
  const first = new Map<string, string>();
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!first.has(path)) first.set(path, issue.message);
  }
  return [...first.values()];
};

describe('project form rules', () => {
  it('requires a name, judged after trimming', () => {
    expect(errorsOf({ name: '', description: '' })).toEqual(['Project name is required']);
    expect(errorsOf({ name: '   ', description: '' })).toEqual(['Project name is required']);
  });

  it('needs 2 to 100 characters of name', () => {
    expect(errorsOf({ name: ' a ', description: '' })).toEqual(['Project name must be at least 2 characters']);
    expect(errorsOf({ name: 'ab', description: '' })).toEqual([]);
    expect(errorsOf({ name: 'x'.repeat(100), description: '' })).toEqual([]);
    expect(errorsOf({ name: 'x'.repeat(101), description: '' })).toEqual([
      'Project name must be at most 100 characters',
    ]);
  });

  it('allows a description of at most 500 characters', () => {
    expect(errorsOf({ name: 'Alpha', description: 'd'.repeat(500) })).toEqual([]);
    expect(errorsOf({ name: 'Alpha', description: 'd'.repeat(501) })).toEqual([
      'Description must be at most 500 characters',
    ]);
  });

  it('trims, leaves out an empty description on create and sends it as an empty string on edit', () => {
    const values = ProjectFormSchema.parse({ name: '  Alpha  ', description: '   ' });
    expect(createProjectPayload(values)).toEqual({ name: 'Alpha' });
    expect(updateProjectPayload(values)).toEqual({ name: 'Alpha', description: '' });
    const described = ProjectFormSchema.parse({ name: 'Alpha', description: ' Notes ' });
    expect(createProjectPayload(described)).toEqual({ name: 'Alpha', description: 'Notes' });
  });
});
