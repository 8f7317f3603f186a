import { rmSync } from 'node:fs';
import { type Logger, pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type AppContext, createContext } from '../../src/context.ts';
import { freshDatabaseUrl, tempDataDir } from './database.ts';

export interface TestServer {
  url: string;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The real server on a random port with its own data folder and database. The worker is not started
 * unless asked: tests that need transcription start one explicitly.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { log?: (level: string) => Logger } = {},
): Promise<TestServer> {
  const dataDir = tempDataDir();
  const database = await freshDatabaseUrl();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RUN_WORKER: 'false',
    WEB_DIST_DIR: `${dataDir}/no-web-build`,
    // Every test account is made from this one address; the throttle's own tests set it.
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const log = opts.log ? opts.log(config.logLevel) : pino({ level: config.logLevel });
  const ctx = await createContext(config, log);
  const app = await buildApp(ctx, log);
  // PORT may be given when the address must be known beforehand (an OpenID provider's redirect URI).
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    async close() {
      const closing = app.close();
      // A keep-alive connection whose last reply was still finishing when close began does not
      // count as idle, and would hold close for the keep-alive timeout (72 s): the test is over.
      app.server.closeAllConnections();
      await closing;
      await ctx.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
