// The image's HEALTHCHECK: exits 0 when GET /api/health answers 200 within 5 s (the database, the job
// queue and the recordings store all answer, docs/decisions/091), else 1. Node's fetch: the image has no curl.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
