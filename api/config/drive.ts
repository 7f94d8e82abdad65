import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Two disks with different audiences:
 * - `media`: public catalogue images (room photos, avatars), served at /media/*;
 * - `documents`: applicants' ID documents and maintenance photos, private, never served by
 *   path (only through the authorised documents and maintenance photo endpoints).
 *
 * Both live on the local disk by default, or in one S3-compatible bucket with
 * `DRIVE_DISK=s3`, so that every API replica reads what any other wrote. The
 * bucket stays private: the API serves both disks itself (MediaController for the public
 * images, the authorised endpoints for the rest), so no object needs a public ACL, and the
 * two disks' keys never meet (`rooms/`, `avatars/` against `applications/`, `maintenance/`).
 */
export const storageOnS3 = env.get('DRIVE_DISK', 'fs') === 's3'

/* Where files live on disk: api/storage by default, a scratch folder in tests. */
const root = env.get('STORAGE_DIR', app.inTest ? 'tmp/test-storage' : 'storage')

function s3Disk(visibility: 'public' | 'private') {
  const bucket = env.get('S3_BUCKET')
  if (!bucket)
    throw new Error(
      'DRIVE_DISK=s3 needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY for MinIO)'
    )
  const accessKeyId = env.get('S3_ACCESS_KEY')
  const secretAccessKey = env.get('S3_SECRET_KEY')?.release()
  const endpoint = env.get('S3_ENDPOINT')
  return services.s3({
    bucket,
    region: env.get('S3_REGION', 'us-east-1'),
    /* Without keys, the SDK's own chain (an instance role, AWS_* variables). */
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    /* MinIO and most S3-compatible servers are addressed by path, not by bucket host name. */
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    /* Checksums only where S3 requires them: S3-compatible servers do not all read the
       SDK's newer streamed checksum trailers. */
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    visibility,
    /* No per-object ACL: the bucket is private and the API serves its files. */
    supportsACL: false,
  })
}

function fsDisk(folder: string, visibility: 'public' | 'private') {
  return services.fs({
    location: app.makePath(root, folder),
    /* Served by the API's own routes (strict keys, cache headers), not Drive's file server. */
    serveFiles: false,
    visibility,
  })
}

/* One type for either choice: the routes only use what both drivers have. */
const disk = (folder: string, visibility: 'public' | 'private') =>
  (storageOnS3 ? s3Disk(visibility) : fsDisk(folder, visibility)) as ReturnType<typeof fsDisk>

const driveConfig = defineConfig({
  default: 'media',
  services: { media: disk('media', 'public'), documents: disk('documents', 'private') },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
