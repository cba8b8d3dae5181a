// bench/cluster.ts's S3 protocol server (s3rver) in a process of its own, so the load generator's
// event loop does not slow the instances' uploads and readiness checks. Sends `{ endpoint }`; stops
// (and removes its folder) when sent 'close'.
import { startS3Server } from '../apps/server/src/test/s3-server.ts';

const s3 = await startS3Server();
process.on('message', (message) => {
  if (message === 'close') void s3.close().then(() => process.exit(0));
});
process.send!({ endpoint: s3.endpoint });
