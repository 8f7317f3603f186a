import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByApi } from '../support/accounts.ts';
import { launchBrowser, newPage, screenshot, tempDir } from '../support/browser.ts';
import { expect, hidden, visible } from '../support/expect.ts';
import { accountWithTranscribedMeeting, createProjectByApi, JFK_WAV, openSignedIn } from '../support/meetings.ts';
import { type RunningServer, repoRoot, startServer } from '../support/server.ts';

// Exports and imports against the real server and its worker: a meeting transcribed on this machine
// is exported in every format through the Export menu, and the files are opened; a real AMI WebVTT
// transcript is imported through the Upload tab.

let server: RunningServer;
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  downloads = tempDir('parley-e2e-downloads-');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Picks an item of the Export menu and returns the saved download's name and bytes. */
async function exportFrom(page: Page, item: string | RegExp) {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  const path = join(downloads, download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

function amiNotes(file: string) {
  for (const root of [join(repoRoot, '../shared'), join(repoRoot, '../../shared')]) {
    try {
      return {
        path: join(root, 'data/ami-notes', file),
        text: readFileSync(join(root, 'data/ami-notes', file), 'utf8'),
      };
    } catch {
      // try the next place the shared data may be mounted
    }
  }
  throw new Error(`AMI transcript ${file} not found beside the repository (../shared/data/ami-notes)`);
}

describe('exports', () => {
  it('exports a transcribed meeting in every format from the Export menu, and the audio', async () => {
    const { meetingId, projectId, ...account } = await accountWithTranscribedMeeting(
      server.url,
      JFK_WAV,
      'Speeches',
      'Inaugural address',
    );

    const { page, context } = await newPage(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await openSignedIn(page, account.token, `/projects/${projectId}/meetings/${meetingId}`);
    await visible(page.getByText(/segment\(s\) loaded/));

    const txt = await exportFrom(page, 'Plain text (.txt)');
    expect(txt.name).toBe('Inaugural address.txt');
    const plain = txt.bytes.toString('utf8');
    expect(plain).toMatch(/^Inaugural address\nDate: /);
    expect(plain).toMatch(/\[00:0\d\] Speaker 1: .*(country|fellow)/i);

    const md = (await exportFrom(page, 'Markdown (.md)')).bytes.toString('utf8');
    expect(md).toMatch(/^# Inaugural address\n/);
    expect(md).toContain('## Summary');
    expect(md).toContain('## Action items');
    expect(md).toMatch(/## Transcript\n\n\*\*\[00:0\d\] Speaker 1:\*\*/);

    const srt = (await exportFrom(page, /SubRip/)).bytes.toString('utf8');
    expect(srt).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\nSpeaker 1: /);

    const vtt = await exportFrom(page, /WebVTT/);
    expect(vtt.name).toBe('Inaugural address.vtt');
    expect(vtt.bytes.toString('utf8')).toMatch(/^WEBVTT\n\n00:00:\d\d\.\d{3} --> 00:00:\d\d\.\d{3}\n<v Speaker 1>/);

    const docx = await exportFrom(page, /Word document/);
    const xml = await (await JSZip.loadAsync(docx.bytes)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Inaugural address');
    expect(xml).toContain('Transcript');

    const json = JSON.parse((await exportFrom(page, /Parley JSON/)).bytes.toString('utf8'));
    expect(json).toMatchObject({ format: 'parley.meeting', version: 1, meeting: { title: 'Inaugural address' } });
    expect(json.segments.length).toBeGreaterThan(0);

    const audio = await exportFrom(page, 'Download audio (WAV)');
    expect(audio.name).toBe('Inaugural address.wav');
    expect(audio.bytes.equals(readFileSync(JFK_WAV))).toBe(true);

    await page.getByRole('button', { name: 'Copy transcript' }).click();
    await visible(page.getByRole('button', { name: 'Copied' }));
    // The button keeps the keyboard's place while it copies (a disabled button would drop focus to <body>).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(plain.trimEnd());
    await screenshot(page, 'exports-menu');
    await context.close();
  });
});

describe('imports', () => {
  it('imports a WebVTT transcript through the Upload tab and shows it at once, without a player', async () => {
    const account = await registerByApi(server.url);
    const projectId = await createProjectByApi(server.url, account.token, 'AMI');
    const ami = amiNotes('ES2002a.vtt');
    const { page, context } = await newPage(browser, server.url);
    await openSignedIn(page, account.token, `/projects/${projectId}`);
    await page.getByRole('main').getByRole('button', { name: 'New Meeting' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByLabel('Transcript (optional)').setInputFiles(ami.path);
    await visible(dialog.getByText('ES2002a.vtt'));
    await dialog.getByLabel('Title', { exact: true }).fill('Kick-off (AMI ES2002a)');
    await dialog.getByRole('button', { name: 'Upload' }).click();

    await visible(page.getByRole('heading', { level: 1, name: 'Kick-off (AMI ES2002a)' }));
    expect(page.url()).toMatch(new RegExp(`/projects/${projectId}/meetings/\\w+$`));
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await visible(transcript.getByText('Um well this is the kick-off meeting for our our project.', { exact: false }));
    await visible(transcript.getByRole('listitem').first().getByText('Okay.'));
    await visible(page.getByRole('combobox', { name: 'Speaker for Project Manager' }).first());
    await visible(page.getByRole('combobox', { name: 'Speaker for Marketing Expert' }).first());
    await hidden(page.getByLabel('Meeting recording'));
    await hidden(page.getByText('Processing...'));
    await screenshot(page, 'imports-vtt');
    await context.close();
  });
});
