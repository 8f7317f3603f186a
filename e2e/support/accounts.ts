import type { Page } from 'playwright-core';
import { visible } from './expect.ts';

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs up through the real sign-in screen's "Create account" form. */
export async function signUp(
  page: Page,
  { name = 'Eve Tester', email = uniqueEmail(), password = 'correct horse battery' } = {},
) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: /create account/i }).click();
  await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
  return { name, email, password };
}

/** Creates an account through the API (faster set-up for tests about other screens) and returns its token. */
export async function registerByApi(
  baseUrl: string,
  { name = 'Api User', email = uniqueEmail('api'), password = 'correct horse battery' } = {},
) {
  const res = await fetch(`${baseUrl}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string; user: { _id: string } } };
  return { name, email, password, token: body.data.token, userId: body.data.user._id };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}
