import { describe, expect, it } from 'vitest';
import { makePerson } from '@/test/fixtures';
import {
  buildCreatePersonPayload,
  buildUpdatePersonPayload,
  emptyPersonForm,
  PersonFormSchema,
  type PersonFormValues,
  personToFormValues,
  socialHref,
} from './person-form';

const form = (overrides: Partial<PersonFormValues> = {}): PersonFormValues => ({
  ...emptyPersonForm(),
  ...overrides,
  socialMedia: { ...emptyPersonForm().socialMedia, ...overrides.socialMedia },
});

/** The message the form shows per field: the first issue of each path. */
function errorsOf(values: PersonFormValues): Record<string, string> {
  const result = PersonFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

describe('person form rules', () => {
  it('requires a name of 2 to 100 characters, judged after trimming', () => {
    expect(errorsOf(form({ name: '   ' }))).toEqual({ name: 'Name is required' });
    expect(errorsOf(form({ name: ' A ' }))).toEqual({ name: 'Name must be at least 2 characters' });
    expect(errorsOf(form({ name: 'Al' }))).toEqual({});
    expect(errorsOf(form({ name: 'x'.repeat(101) }))).toEqual({ name: 'Name must be at most 100 characters' });
  });

  it('accepts an empty email and checks the format of a given one', () => {
    expect(errorsOf(form({ name: 'Al', email: '  ' }))).toEqual({});
    expect(errorsOf(form({ name: 'Al', email: ' al@example.com ' }))).toEqual({});
    expect(errorsOf(form({ name: 'Al', email: 'al@' }))).toEqual({ email: 'Please enter a valid email address' });
  });

  it('limits phone to 20, company to 100 and notes to 1000 characters', () => {
    expect(
      errorsOf(form({ name: 'Al', phone: '1'.repeat(20), company: 'c'.repeat(100), notes: 'n'.repeat(1000) })),
    ).toEqual({});
    expect(
      errorsOf(form({ name: 'Al', phone: '1'.repeat(21), company: 'c'.repeat(101), notes: 'n'.repeat(1001) })),
    ).toEqual({
      phone: 'Phone must be at most 20 characters',
      company: 'Company must be at most 100 characters',
      notes: 'Notes must be at most 1000 characters',
    });
  });

  it('does not check the format of social links', () => {
    expect(errorsOf(form({ name: 'Al', socialMedia: { linkedin: 'not a url', github: 'octocat' } as never }))).toEqual(
      {},
    );
  });
});

describe('create payload', () => {
  it('holds only non-blank fields, trimmed', () => {
    expect(buildCreatePersonPayload(form({ name: '  Grace ', email: ' g@x.io ', phone: '  ', notes: '\n' }))).toEqual({
      name: 'Grace',
      email: 'g@x.io',
    });
  });

  it('adds socialMedia only when at least one link is set', () => {
    expect(buildCreatePersonPayload(form({ name: 'Grace', socialMedia: { twitter: '  ' } as never }))).toEqual({
      name: 'Grace',
    });
    expect(
      buildCreatePersonPayload(form({ name: 'Grace', socialMedia: { github: ' grace ', twitter: '' } as never })),
    ).toEqual({ name: 'Grace', socialMedia: { github: 'grace' } });
  });
});

describe('update payload', () => {
  const original = makePerson({
    name: 'Grace',
    email: 'g@x.io',
    phone: '123',
    company: 'Navy',
    notes: undefined,
    socialMedia: { linkedin: 'https://linkedin.com/in/g', github: 'grace' },
  });

  it("sends the non-blank fields plus '' for each field the user cleared", () => {
    const values = personToFormValues(original);
    values.name = ' Grace H ';
    values.phone = '  ';
    values.company = '';
    values.notes = ' new note ';
    values.socialMedia.github = '';
    expect(buildUpdatePersonPayload(values, original)).toEqual({
      name: 'Grace H',
      email: 'g@x.io',
      phone: '',
      company: '',
      notes: 'new note',
      socialMedia: { linkedin: 'https://linkedin.com/in/g', github: '' },
    });
  });

  it('leaves out fields that were empty and still are, and socialMedia when none was ever set', () => {
    const plain = makePerson({ name: 'Al', email: undefined, phone: undefined, company: undefined });
    expect(buildUpdatePersonPayload(personToFormValues(plain), plain)).toEqual({ name: 'Al' });
  });
});

describe('socialHref', () => {
  it('keeps http(s) links, turns bare handles into profile URLs and opens the rest as https', () => {
    expect(socialHref('github', 'http://example.com/me')).toBe('http://example.com/me');
    expect(socialHref('github', ' grace ')).toBe('https://github.com/grace');
    expect(socialHref('twitter', '@grace')).toBe('https://x.com/grace');
    expect(socialHref('linkedin', 'grace-hopper')).toBe('https://www.linkedin.com/in/grace-hopper');
    expect(socialHref('github', 'github.com/grace')).toBe('https://github.com/grace');
    expect(socialHref('facebook', 'javascript:alert(1)')).toBe('https://javascript:alert(1)');
  });
});
