// The image as an admin runs it (issue 39, docs/decisions/230): scripts/container-test.sh builds it and
// runs this file (`vitest run --project container`). A first container has no network at all, so the
// start and a transcription prove that nothing is downloaded at run time; the transcript is read back
// after a restart, and again from the host through a published port by a second container on the same
// volume; the worker command runs and stops on SIGTERM; compose.yaml's default service starts healthy
// (its other profiles name upstream images from a registry, which CI has none of).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCKER = process.env.DOCKER ?? 'docker';
const COMPOSE = (process.env.COMPOSE ?? 'docker compose').split(' ');
const IMAGE = process.env.PARLEY_IMAGE ?? 'parley:test';
const CLIP = join(root, '.cache/test-audio/jfk.wav'); // "ask not what your country can do for you"
const FLOW = join(root, 'scripts/container/api-flow.mjs');
const run = `parley-check-${process.pid}`;
const volume = `${run}-data`;
const containers = [];

const docker = (...args) => execFileSync(DOCKER, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
/** A container's output: the server logs to stdout, Node's own errors go to stderr. */
const logs = (name) => {
  const { stdout, stderr } = spawnSync(DOCKER, ['logs', name], { encoding: 'utf8' });
  return `${stdout}${stderr}`.trim();
};

/** Starts a container of the image on the test's volume (docker run options, then the command); its name. */
function start(name, options = [], command = []) {
  containers.push(name);
  docker('run', '-d', '--name', name, '-v', `${volume}:/data`, ...options, IMAGE, ...command);
  return name;
}

/** Waits for the container's HEALTHCHECK to say healthy; the seconds it took from now. */
async function healthy(name, timeoutMs = 120_000) {
  const started = performance.now();
  for (;;) {
    const state = JSON.parse(docker('inspect', '-f', '{{json .State}}', name));
    if (state.Health?.Status === 'healthy') return (performance.now() - started) / 1000;
    if (!state.Running) throw new Error(`${name} stopped (exit ${state.ExitCode}):\n${logs(name)}`);
    if (performance.now() - started > timeoutMs) throw new Error(`${name} not healthy:\n${logs(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // Docker's state, polled
  }
}

/** Stops with SIGTERM as `docker stop` does; the exit code and the seconds it took. */
function stop(name) {
  const started = performance.now();
  docker('stop', '--time', '30', name);
  const exitCode = Number(docker('inspect', '-f', '{{.State.ExitCode}}', name));
  return { exitCode, seconds: (performance.now() - started) / 1000 };
}

/** A port nobody listens on now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs api-flow.mjs inside the container, against the server it holds. */
function flowInside(name, ...args) {
  return JSON.parse(docker('exec', name, 'node', '/tmp/api-flow.mjs', 'http://127.0.0.1:3000', ...args));
}

beforeAll(() => {
  if (!existsSync(CLIP)) throw new Error(`${CLIP} is missing: run node scripts/fetch-test-audio.mjs`);
  docker('image', 'inspect', IMAGE);
  docker('volume', 'create', volume);
});

afterAll(() => {
  for (const name of containers) execFileSync(DOCKER, ['rm', '-f', name], { stdio: 'ignore' });
  execFileSync(DOCKER, ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
});

describe('the Parley image', () => {
  let offline;
  let meeting;

  it('is at most 1 GB and runs as an unprivileged user', () => {
    const size = Number(docker('image', 'inspect', '-f', '{{.Size}}', IMAGE));
    console.log(`image size: ${(size / 1e6).toFixed(0)} MB`);
    expect(size).toBeLessThanOrEqual(1e9);
    expect(docker('image', 'inspect', '-f', '{{.Config.User}}', IMAGE)).toBe('parley');
    expect(docker('run', '--rm', '--network', 'none', IMAGE, 'id', '-u')).not.toBe('0');
  });

  it('starts healthy with no network, and transcribes a real clip through the API', async () => {
    offline = start(`${run}-offline`, ['--network', 'none']);
    console.log(`docker run to healthy: ${(await healthy(offline)).toFixed(1)} s`);
    docker('cp', FLOW, `${offline}:/tmp/api-flow.mjs`);
    docker('cp', CLIP, `${offline}:/tmp/clip.wav`);
    meeting = flowInside(offline, 'transcribe', '/tmp/clip.wav');
    console.log(`clip transcribed in the container in ${meeting.seconds.toFixed(1)} s: "${meeting.text}"`);
    expect(meeting.status).toBe('completed');
    expect(meeting.text.toLowerCase()).toMatch(/country/);
  });

  it('stops cleanly on SIGTERM and finds the meeting again after a restart', async () => {
    const stopped = stop(offline);
    expect(stopped).toMatchObject({ exitCode: 0 });
    expect(stopped.seconds).toBeLessThan(20); // the server's own shutdown, not Docker's kill after 30 s
    docker('start', offline);
    await healthy(offline);
    docker('cp', FLOW, `${offline}:/tmp/api-flow.mjs`);
    const again = flowInside(offline, 'find', meeting.email, meeting.password, meeting.projectId, meeting.meetingId);
    expect(again).toMatchObject({ status: 'completed', text: meeting.text });
    expect(stop(offline).exitCode).toBe(0);
  });

  it('serves the same data from the volume to the host through a published port', async () => {
    const name = start(`${run}-published`, ['-p', '127.0.0.1::3000', '-e', 'LOG_LEVEL=warn']);
    await healthy(name);
    const port = docker('port', name, '3000/tcp').split('\n')[0].split(':').at(-1);
    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(base);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const found = JSON.parse(
      execFileSync(
        process.execPath,
        [FLOW, base, 'find', meeting.email, meeting.password, meeting.projectId, meeting.meetingId],
        { encoding: 'utf8' },
      ),
    );
    expect(found).toMatchObject({ status: 'completed', text: meeting.text });
    expect(stop(name).exitCode).toBe(0);
  });

  it('runs the job worker as its command, and stops it on SIGTERM', async () => {
    const name = start(`${run}-worker`, ['--network', 'none', '--no-healthcheck'], ['worker']);
    const deadline = Date.now() + 60_000;
    while (!logs(name).includes('worker started')) {
      if (Date.now() > deadline) throw new Error(`no "worker started" line:\n${logs(name)}`);
      await new Promise((resolve) => setTimeout(resolve, 250)); // its log, polled
    }
    expect(stop(name).exitCode).toBe(0);
  });

  it("runs as compose.yaml's default service, healthy, with its volume", async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PARLEY_IMAGE: IMAGE,
      PARLEY_ENV_FILE: 'parley.env.example',
      PARLEY_PORT: String(port),
    };
    const compose = (...args) =>
      execFileSync(COMPOSE[0], [...COMPOSE.slice(1), '-p', `${run}-compose`, ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim();
    // every profile is a valid file for this Compose, although only the default one runs here
    compose('--profile', 'postgres', '--profile', 's3', 'config', '-q');
    try {
      compose('up', '-d', '--no-build');
      const id = compose('ps', '-q', 'parley');
      await healthy(id);
      expect(docker('inspect', '-f', '{{range .Mounts}}{{.Destination}}{{end}}', id)).toBe('/data');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      compose('down', '--volumes');
    }
  });
});
