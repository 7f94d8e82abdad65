/*
 * The seed's room photos and avatars: files committed under database/assets/photos (JPEG,
 * and the room photos' AVIF and WebP beside them, `node ace photos:formats`), published to
 * the public `media` disk so the API serves them at /media/*.
 */
import { readFile, readdir } from 'node:fs/promises'
import drive from '@adonisjs/drive/services/main'
import { photoType } from '#config/photo_formats'

export const PHOTOS_DIR = new URL('../../../database/assets/photos/', import.meta.url)

interface PhotoInfo {
  width: number
  height: number
  sizes: number[]
}

let manifest: Record<string, PhotoInfo> | undefined

/** The manifest of seed images: base name → largest size's dimensions and the sizes rendered. */
export async function seedPhotos(): Promise<Record<string, PhotoInfo>> {
  manifest ??= JSON.parse(await readFile(new URL('manifest.json', PHOTOS_DIR), 'utf8')) as Record<
    string,
    PhotoInfo
  >
  return manifest
}

export async function seedPhoto(base: string): Promise<PhotoInfo> {
  const info = (await seedPhotos())[base]
  if (!info) throw new Error(`Seed photo "${base}" is not in database/assets/photos/manifest.json`)
  return info
}

/**
 * Copies every seed image, in each of its formats, to the media disk (rooms/… and avatars/…)
 * unless already there: a disk seeded before the AVIF and WebP were committed gains them.
 */
export async function publishSeedPhotos(): Promise<void> {
  const disk = drive.use('media')
  for (const file of await readdir(PHOTOS_DIR)) {
    const contentType = photoType(file.slice(file.lastIndexOf('.') + 1))
    if (!contentType) continue
    const key = `${file.startsWith('avatar-') ? 'avatars' : 'rooms'}/${file}`
    if (await disk.exists(key)) continue
    await disk.put(key, await readFile(new URL(file, PHOTOS_DIR)), { contentType })
  }
}
