import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi, signUp } from '../support/accounts.ts';
import { apiCall, uploadByApi } from '../support/api.ts';
import {
  allowBrowserProblems,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  resetBrowserProblems,
  screenshot,
  tempDir,
  unexpectedBrowserProblems,
} from '../support/browser.ts';
import { eventually, expect, hidden, visible } from '../support/expect.ts';
import { type RunningServer, repoRoot, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RUN_WORKER: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(viewport = DESKTOP) {
  const account = await registerByApi(server.url);
  const { page, context } = await newPage(browser, server.url, viewport);
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('auth_token', token), account.token);
  await page.goto('/');
  await visible(page.getByRole('heading', { name: 'Recent Meetings' }));
  return { page, context, account };
}

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The elements that reach past the right edge of the screen (tag, classes and start of text); what
 * an ancestor clips (a truncated name) does not count.
 */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0) return false;
        let right = box.right;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible')
            right = Math.min(right, parent.getBoundingClientRect().right);
        }
        return right > window.innerWidth + 0.5;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} "${(element.textContent ?? '').slice(0, 30)}"`,
      ),
  );

describe('desktop (1280x800)', () => {
  it('gives a new user one default project, even with two tabs loading at once', async () => {
    const { page, context } = await newPage(browser, server.url);
    const account = await signUp(page);
    // The first visit right after sign-up greets a new user.
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Eve' }));
    const second = await context.newPage();
    await Promise.all([page.goto('/projects'), second.goto('/projects')]);
    await visible(page.getByText('My Meetings'));
    await visible(second.getByText('My Meetings'));
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const { data } = await apiCall(server.url, token!, 'GET', '/api/projects');
    expect(data.projects.map((p: { name: string; description: string }) => [p.name, p.description])).toEqual([
      ['My Meetings', 'Default project for all meetings'],
    ]);
    // The account the form made exists: its email and password sign in through the API.
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).data.user.email).toBe(account.email);
    // Another tab is a return visit.
    await second.goto('/');
    await visible(second.getByRole('heading', { level: 1, name: 'Welcome back, Eve' }));
    await screenshot(page, 'projects-desktop');
    await context.close();
  });

  it('creates, edits and deletes a project with the form rules', async () => {
    const { page, context } = await signedInPage();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('a');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await visible(dialog.getByText(/at least 2 characters/));
    await dialog.getByLabel('Name').fill('  Quarterly Planning  ');
    await dialog.getByLabel('Description (optional)').fill('Roadmap meetings');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await hidden(dialog);
    await visible(page.getByText('Quarterly Planning'));
    // Names are unique whatever their case: the form shows the server's reason.
    await page.getByRole('button', { name: 'New Project' }).click();
    await dialog.getByLabel('Name').fill('quarterly planning');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await visible(dialog.getByText(/^A project named ".+" already exists$/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);

    await page.getByRole('button', { name: 'Actions for Quarterly Planning' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Quarterly Review');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Quarterly Review'));

    await page.getByText('Quarterly Review').click();
    await visible(page.getByText('Roadmap meetings'));
    await screenshot(page, 'project-detail-desktop');
    await page.goBack();

    await page.getByRole('button', { name: 'Actions for Quarterly Review' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await visible(page.getByRole('alertdialog').getByText('Delete Project'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await hidden(page.getByText('Quarterly Review'));
    await context.close();
  });

  it('adds a person with every field, shows the detail links, edits and deletes them', async () => {
    const { page, context } = await signedInPage();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
    await visible(page.getByRole('heading', { name: 'People' }));
    await visible(page.getByText('Manage your contacts, clients, and team members'));
    await visible(page.getByText('No people yet'));
    await screenshot(page, 'people-empty-desktop');

    await page.getByRole('button', { name: 'Add Person' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@navy.mil');
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel('Company').fill('US Navy');
    await form.getByLabel('Notes').fill('Invented the compiler.');
    for (const [label, url] of [
      ['LinkedIn', 'https://linkedin.com/in/grace'],
      ['Twitter', 'https://twitter.com/grace'],
      ['Facebook', 'https://facebook.com/grace'],
      ['Instagram', 'https://instagram.com/grace'],
      ['GitHub', 'https://github.com/grace'],
    ]) {
      await form.getByLabel(label!).fill(url!);
    }
    await form.getByRole('button', { name: 'Add Person' }).click();
    await hidden(form);
    await visible(page.getByRole('cell', { name: 'grace@navy.mil' }));
    await screenshot(page, 'people-desktop');

    await page.getByText('Grace Hopper').first().click();
    await eventually(
      () => page.url(),
      (url) => expect(url).toMatch(/\/people\/[0-9a-f]{24}$/),
    );
    expect(await page.getByRole('link', { name: 'grace@navy.mil' }).getAttribute('href')).toBe('mailto:grace@navy.mil');
    expect(await page.getByRole('link', { name: '+1 555 0100' }).getAttribute('href')).toBe('tel:+15550100');
    await visible(page.getByText('Invented the compiler.'));
    await visible(page.getByText('No transcriptions yet'));
    const hrefs = await page
      .locator('a[href^="https://"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['https://github.com/grace', 'https://linkedin.com/in/grace']));
    await screenshot(page, 'person-detail-desktop');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await eventually(
      () => new URL(page.url()).pathname,
      (path) => expect(path).toBe('/people'),
    );

    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await visible(page.getByText('Update person information'));
    await page.getByRole('dialog').getByLabel('Company').fill('');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await hidden(page.getByRole('dialog'));
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const people = (await apiCall(server.url, token!, 'GET', '/api/people?limit=100')).data.people;
    expect(people[0].company).toBeUndefined();
    expect(people[0].email).toBe('grace@navy.mil');

    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await visible(page.getByRole('alertdialog').getByText('This action cannot be undone.'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('No people yet'));
    await context.close();
  });

  it('keeps the sidebar collapsed across a reload', async () => {
    const { page, context } = await signedInPage();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await visible(page.getByRole('button', { name: 'Expand sidebar' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Expand sidebar' }));
    expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('true');
    await screenshot(page, 'home-sidebar-collapsed-desktop');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.reload();
    await visible(page.getByRole('button', { name: 'Collapse sidebar' }));
    await context.close();
  });

  it('redirects unknown paths to /', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/no/such/page');
    await eventually(
      () => new URL(page.url()).pathname,
      (path) => expect(path).toBe('/'),
    );
    await context.close();
  });
});

describe('browser problems', () => {
  it('are collected for the after-test check, except those a test allows', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Welcome to Parley' }));
    allowBrowserProblems(/expected in this test/);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('expected in this test');
      });
      setTimeout(() => {
        throw new Error('nobody expected this');
      }, 50);
    });
    await eventually(
      () => unexpectedBrowserProblems(),
      (problems) => expect(problems).toEqual(['page error: nobody expected this']),
    );
    resetBrowserProblems(); // this test is about the check itself: leave nothing for it
    await context.close();
  });
});

describe('usage bar colours from real recorded minutes', () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer({ RUN_WORKER: 'false', TIER_MONTHLY_MINUTES: '1' });
  });
  afterAll(() => limited?.stop());

  it('turns yellow from 80% and red at 100%, with their tooltips', async () => {
    const account = await registerByApi(limited.url);
    const project = (await apiCall(limited.url, account.token, 'POST', '/api/projects', { name: 'Usage' })).data._id;
    const dir = tempDir('parley-usage-');
    const jfk = join(repoRoot, '.cache/test-audio/jfk.wav');
    const fifty = join(dir, 'fifty.wav');
    const ten = join(dir, 'ten.wav');
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-stream_loop', '5', '-i', jfk, '-t', '50', fifty]);
    // exactly the 10 s left: a longer recording would be refused rather than overshoot the limit
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', jfk, '-t', '10', ten]);
    await uploadByApi(limited.url, account.token, project, fifty, 'Fifty seconds');

    const { page, context } = await newPage(browser, limited.url);
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('auth_token', token), account.token);
    await page.goto('/');
    const bar = page
      .locator('[data-level]')
      .filter({ has: page.getByRole('progressbar', { name: 'Monthly usage' }) })
      .first();
    await eventually(
      () => bar.getAttribute('data-level'),
      (level) => expect(level).toBe('warning'),
    );
    await bar.hover();
    await visible(page.getByRole('tooltip').getByText('Approaching limit'));
    await screenshot(page, 'usage-approaching-desktop');

    await uploadByApi(limited.url, account.token, project, ten, 'Ten more seconds');
    await page.reload();
    await eventually(
      () => bar.getAttribute('data-level'),
      (level) => expect(level).toBe('limit'),
    );
    await bar.hover();
    await visible(page.getByRole('tooltip').getByText('Limit reached'));
    await screenshot(page, 'usage-limit-desktop');
    await context.close();
  });
});

describe('mobile (375x812)', () => {
  it('shows the bottom bar and every screen without horizontal overflow', async () => {
    const { page, context, account } = await signedInPage(MOBILE);
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await visible(mobileNav);
    await hidden(page.getByRole('navigation', { name: 'Main' }));
    await visible(mobileNav.getByRole('button', { name: 'New Meeting' }));
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'home-mobile');

    const person = (
      await apiCall(server.url, account.token, 'POST', '/api/people', {
        name: 'Katherine Johnson',
        email: 'katherine@nasa.gov',
        phone: '+1 555 0199',
        company: 'NASA',
        notes: 'Orbital mechanics.',
        socialMedia: { github: 'https://github.com/kj' },
      })
    ).data;
    for (const [link, shot] of [
      ['Projects', 'projects-mobile'],
      ['People', 'people-mobile'],
    ] as const) {
      await mobileNav.getByRole('link', { name: link }).click();
      await visible(page.getByRole('heading', { name: link }));
      expect(await noHorizontalOverflow(page), shot).toBe(true);
      await screenshot(page, shot);
    }
    await page.getByText(person.name).filter({ visible: true }).first().click();
    await visible(page.getByRole('link', { name: 'katherine@nasa.gov' }));
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'person-detail-mobile');

    await mobileNav.getByRole('button', { name: 'Account' }).click();
    await visible(page.getByRole('menuitem', { name: 'Profile' }));
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome to Parley' }));
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'sign-in-mobile');
    await context.close();
  });

  it('wraps or truncates long names, emails, URLs and titles on every screen', async () => {
    const { page, context, account } = await signedInPage(MOBILE);
    // Unbroken strings, as real data has them: a 36-character email, a URL, long names and titles.
    const longName = 'Maximilian-Alexander Featherstonehaugh-Cholmondeley';
    const email = 'maximilian.featherstonehaugh@example.com';
    const url = 'https://intranet.example.com/projects/quarterly-planning/roadmap/2026/q4/review?tab=decisions';
    const projectName = 'Quarterly-planning-and-roadmap-review-for-the-platform-infrastructure-team';
    const title = 'Infrastructure-capacity-planning-and-incident-retrospective-with-the-platform-team';
    const person = (
      await apiCall(server.url, account.token, 'POST', '/api/people', {
        name: longName,
        email,
        company: 'Featherstonehaugh-Cholmondeley-International-Holdings',
        notes: `Minutes live at ${url}`,
        socialMedia: { linkedin: `https://linkedin.com/in/${'featherstonehaugh'.repeat(3)}` },
      })
    ).data;
    const project = (
      await apiCall(server.url, account.token, 'POST', '/api/projects', {
        name: projectName,
        description: `Roadmap notes: ${url}`,
      })
    ).data;
    const meeting = await uploadByApi(
      server.url,
      account.token,
      project._id,
      join(repoRoot, '.cache/test-audio/jfk.wav'),
      title,
    );

    const screens: Array<[string, string, string]> = [
      ['/', title, 'long-home-mobile'],
      ['/projects', projectName, 'long-projects-mobile'],
      [`/projects/${project._id}`, 'Roadmap notes', 'long-project-detail-mobile'],
      [`/projects/${project._id}/meetings/${meeting._id}`, title, 'long-meeting-mobile'],
      ['/people', email, 'long-people-mobile'],
      [`/people/${person._id}`, email, 'long-person-mobile'],
    ];
    for (const [path, text, shot] of screens) {
      await page.goto(path);
      await visible(page.getByText(text, { exact: false }).filter({ visible: true }));
      expect(await overflowing(page), `${path} is wider than the screen`).toEqual([]);
      expect(await noHorizontalOverflow(page), path).toBe(true);
      await screenshot(page, shot);
    }
    await context.close();
  });
});
