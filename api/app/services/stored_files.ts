import type { DriveFile } from '@adonisjs/drive'

/**
 * A stored file's metadata, or null when there is no such file: one lookup when it exists
 * (in S3, one HEAD request instead of an `exists` and then a metadata call). A storage that
 * does not answer still throws.
 */
export async function metadataOrNull(file: DriveFile) {
  try {
    return await file.getMetaData()
  } catch (error) {
    if (await file.exists()) throw error
    return null
  }
}
