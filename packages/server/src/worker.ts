// `npm run worker`: the same job worker as the server's, as its own process (run the server with RUN_WORKER=false).
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { createLogger } from './logger.ts';
import { startWorker } from './worker-runtime.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  const ctx = await createContext(config, log);
  const worker = await startWorker(ctx);
  const stop = async () => {
    await worker.stop();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
