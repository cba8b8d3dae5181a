import { mediaToS3 } from './media-to-s3-command.ts';

// `npm run media:to-s3`: copies DATA_DIR/media into the S3 bucket (docs/decisions/0026-object-storage.md).
process.exitCode = await mediaToS3(process.env, console);
