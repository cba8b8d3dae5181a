// The container's health check: exit 0 when this instance answers 200 on the given path, 1
// otherwise (refused, an error status, or no answer within 4 s). In the image because node is and
// curl is not (scripts/runtime-bundle.mjs copies it).
//   node scripts/healthcheck.mjs [/api/health | /api/ready]     (PORT as the server reads it)
const path = process.argv[2] ?? '/api/health';
const port = process.env.PORT || '3000';
try {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  process.exitCode = answer.status === 200 ? 0 : 1;
  if (answer.status !== 200) console.error(`${path}: ${answer.status} ${await answer.text()}`);
} catch (err) {
  console.error(`${path}: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
