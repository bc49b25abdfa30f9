// `node server/dist/cli/create-bucket.js` (docker-compose.yml's `s3-setup`): creates S3_BUCKET on
// S3_ENDPOINT when it does not exist yet, with the app's own S3 settings.
import { configOrExit } from '../startup-checks';
import { ensureBucket } from '../files/bucket';

const config = configOrExit();
if (!config.s3) {
  console.error('S3_BUCKET no está definido: no hay bucket que crear.');
  process.exit(1);
}
const { created } = await ensureBucket(config.s3);
console.log(created ? `Bucket ${config.s3.bucket} creado.` : `El bucket ${config.s3.bucket} ya existía.`);
