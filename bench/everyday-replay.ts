/**
 * Issue 40's independent check replayed over HTTP (prints what it saw; not a test): the real server as
 * a child process; a user imports meetings (WebVTT) whose sentences and questions open with ordinary
 * capitalised words ("Same", "Great", "Could", "Monday", "Will", "Perfect") and address people by name
 * ("Thanks, Priya"); the name suggestions must never be an ordinary word and must hold the addressed
 * names; a segment is linked to a person and found by that person's name in the meeting, the project
 * and everything; a share link opened signed out shows names only and the summary.
 *
 *   node bench/everyday-replay.ts   (after `npm run build -w @parley/web`; Chromium at /usr/bin/chromium)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser.ts';
import { apiCaller, startServerProcess } from './server-process.ts';

/** Each meeting: its cues as [speaker label, words]; the names addressed in it; its ordinary openers. */
const MEETINGS: Array<{ title: string; cues: Array<[string, string]>; addressed: string[] }> = [
  {
    title: 'Launch planning',
    addressed: ['Priya', 'Daniel'],
    cues: [
      ['Speaker 1', 'Good morning everyone. Monday is the launch, so we need to move fast.'],
      ['Speaker 1', 'Priya, could you send the launch email to the partners today?'],
      ['Speaker 2', 'Sure. I will send it before lunch.'],
      ['Speaker 1', 'Thanks, Priya. Daniel, can you check the pricing page?'],
      ['Speaker 3', 'Yes, I can look at it this afternoon.'],
      ['Speaker 1', 'Great, thank you Daniel.'],
      ['Speaker 2', 'Same here. The pricing page needs a second look.'],
      ['Speaker 3', 'Could we move the review to Tuesday?'],
      ['Speaker 1', 'Will that give us enough time for the press kit?'],
      ['Speaker 2', 'Monday, can you do nine instead of ten?'],
      ['Speaker 3', 'Perfect, could you share the slides after the call?'],
      ['Speaker 1', 'Same, can you send them to me as well?'],
    ],
  },
  {
    title: 'Budget review',
    addressed: ['Marco'],
    cues: [
      ['Speaker 1', 'Great, let us start. Will you walk us through the numbers?'],
      ['Speaker 2', 'Same as last quarter, mostly. Travel went up.'],
      ['Speaker 1', 'Could you split travel by team?'],
      ['Speaker 2', 'Sure, I can do that by Friday.'],
      ['Speaker 1', 'Marco, what do you think about the hosting costs?'],
      ['Speaker 3', 'Hosting is fine. Storage doubled since June though.'],
      ['Speaker 1', 'Thanks, Marco. Friday, can you send the final sheet?'],
      ['Speaker 2', 'Absolutely. Monday at the latest.'],
      ['Speaker 3', 'Lovely, would you copy me on it?'],
    ],
  },
];

const dir = mkdtempSync(join(tmpdir(), 'parley-everyday-'));
const server = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

const call = apiCaller(server.base);

const vtt = (cues: Array<[string, string]>) =>
  `WEBVTT\n\n${cues
    .map(([who, words], i) => {
      const at = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
      return `${at(i * 4)} --> ${at(i * 4 + 3)}\n<v ${who}>${words}`;
    })
    .join('\n\n')}\n`;

try {
  const { token } = await call('POST', '/auth/register', undefined, {
    name: 'Check',
    email: 'check@example.com',
    password: 'check pass 1234',
  });
  const project = await call('POST', '/api/projects', token, { name: 'Clients' });
  const meetings: Array<{ _id: string; title: string; addressed: string[] }> = [];
  for (const m of MEETINGS) {
    const form = new FormData();
    form.set('title', m.title);
    form.set('transcriptFile', new Blob([vtt(m.cues)], { type: 'text/vtt' }), `${m.title}.vtt`);
    const meeting = await call('POST', `/api/projects/${project._id}/meetings`, token, form);
    meetings.push({ _id: meeting._id, title: m.title, addressed: m.addressed });
  }

  // names suggested from what was said: names only, and the addressed ones
  for (const m of meetings) {
    const { suggestions } = await call('GET', `/api/meetings/${m._id}/speaker-suggestions`, token);
    const names = suggestions.map((s: { name: string; speaker: string; confidence: number }) => s.name);
    console.log(
      `${m.title}: suggested ${suggestions.map((s: { name: string; speaker: string; confidence: number }) => `${s.speaker} → ${s.name} (${s.confidence})`).join(', ') || 'nothing'}`,
    );
    const ordinary = names.filter((n: string) => !m.addressed.includes(n));
    check(ordinary.length === 0, `${m.title}: no ordinary word suggested as a name (${ordinary.join(', ') || 'none'})`);
    for (const name of m.addressed) check(names.includes(name), `${m.title}: the addressed name ${name} is suggested`);
  }

  // link a segment to a person, then search for the person's name in the three scopes
  const priya = await call('POST', '/api/people', token, { name: 'Priya Raman' });
  const first = meetings[0]!;
  const { transcriptions } = await call('GET', `/api/meetings/${first._id}/transcriptions?limit=50&page=1`, token);
  const answer = transcriptions.find((t: { text: string }) => t.text.startsWith('Sure. I will send'));
  await call('PUT', `/api/meetings/${first._id}/transcriptions/${answer._id}/speaker`, token, { personId: priya._id });
  const inMeeting = await call('GET', `/api/meetings/${first._id}/transcriptions/hybrid-search?q=Raman`, token);
  check(
    inMeeting.transcriptions.some((t: { _id: string }) => t._id === answer._id),
    `in-meeting search for "Raman" finds the linked segment (${inMeeting.transcriptions.length} results)`,
  );
  const inProject = await call(
    'GET',
    `/api/projects/${project._id}/transcriptions/search-all?q=Raman&page=1&limit=20&groupByMeeting=true`,
    token,
  );
  const projectHits = inProject.results.flatMap((g: { transcriptions: Array<{ _id: string }> }) => g.transcriptions);
  check(
    projectHits.some((t: { _id: string }) => t._id === answer._id),
    `project search for "Raman" finds the linked segment (${projectHits.length} results)`,
  );
  const global = await call('GET', '/api/search?q=Raman', token);
  check(
    JSON.stringify(global).includes(answer._id),
    `global search for "Raman" finds the linked segment (${JSON.stringify(global).length} bytes)`,
  );
  const globalFull = await call('GET', `/api/search?q=${encodeURIComponent('Priya Raman')}`, token);
  check(JSON.stringify(globalFull).includes(answer._id), 'global search for "Priya Raman" finds the linked segment');

  // a summary, then a share link opened signed out
  await call('POST', `/api/projects/${project._id}/meetings/${first._id}/summary/stream`, token, {});
  const share = await call('POST', `/api/meetings/${first._id}/shares`, token, { includeAudio: false });
  const tokenOfLink = share.url.split('/').filter(Boolean).pop();
  const shared = await call('GET', `/api/shared/${tokenOfLink}`);
  const speakers = [...new Set(shared.transcript.map((s: { speaker: string }) => s.speaker))];
  console.log(
    `share ${share.url}: speakers ${speakers.join(', ')}; summary ${JSON.stringify(shared.meeting.summary?.slice(0, 120))}`,
  );
  check(speakers.includes('Priya Raman'), 'the share shows the linked person by name');
  check(
    !JSON.stringify(shared).includes(priya._id) && !JSON.stringify(shared).includes(project._id),
    'the share holds no id',
  );
  check(Boolean(shared.meeting.summary), 'the share holds the summary');
  // the page a client opens: a fresh browser, signed out (the web app must be built)
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.base}${new URL(share.url).pathname}`);
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 60_000 });
    const summaryText = (await summary.textContent()) ?? '';
    check(
      !summaryText.includes('##') && !summaryText.includes('**'),
      'the share page renders the summary (no raw markdown)',
    );
    const body = (await page.locator('body').textContent()) ?? '';
    check(body.includes('Priya Raman'), 'the share page shows the linked person by name');
    check(!body.includes(priya._id) && !body.includes('check@example.com'), 'the share page shows no id and no email');
    check(errors.length === 0, `no page errors (${errors.join('; ') || 'none'})`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures === 0 ? '\nevery check passed' : `\n${failures} check(s) failed`);
process.exitCode = failures === 0 ? 0 : 1;
