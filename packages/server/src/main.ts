import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { announceListening, createLogger } from './logger.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  const ctx = await createContext(config, log);
  const app = await buildApp(ctx, log);
  // Loaded only when needed: the audio stack (ONNX models) stays out of an API-only process.
  const worker = config.worker.runInServer ? await (await import('./worker-runtime.ts')).startWorker(ctx) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    await app.close();
    await worker?.stop();
    await ctx.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  announceListening(config.host, typeof address === 'object' && address ? address.port : config.port, ctx.dbKind);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Parley failed to start:', error);
  }
  process.exit(1);
});
