import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import env from '#start/env'

/*
 * ID documents encrypted at rest (AES-256-GCM), whatever the storage (the local disk or S3):
 * each file has a data key of its own, itself encrypted ("wrapped") with the document key from
 * the environment. Only someone holding that key can read a stored document: a copy of the
 * bucket or of the disk shows nothing. Decrypted in memory only, for a person allowed to see it.
 *
 * Rotation: `DOCUMENT_KEY` encrypts; `DOCUMENT_PREVIOUS_KEYS` (comma-separated) still decrypt,
 * each stored file naming the key that wrapped it; `node ace documents:encrypt` moves every
 * file to the current key (and encrypts any stored before encryption existed).
 *
 * A stored file: MAGIC, the wrapping key's id (8 bytes), the wrapped data key (its nonce,
 * tag and 32 bytes), then the contents' nonce and tag, then the encrypted contents. The
 * storage key the file lives under is authenticated with it, so a file moved under another
 * application's key does not decrypt.
 */

const MAGIC = Buffer.from('SKDOC1')
const KEY_ID_BYTES = 8
const NONCE_BYTES = 12
const TAG_BYTES = 16
const DATA_KEY_BYTES = 32
const HEADER_BYTES =
  MAGIC.length + KEY_ID_BYTES + NONCE_BYTES + TAG_BYTES + DATA_KEY_BYTES + NONCE_BYTES + TAG_BYTES

/**
 * The document key development and tests use when `DOCUMENT_KEY` is unset: public (it is in
 * this repository), so production refuses to start without a key of its own (startup_guard.ts).
 */
export const DEVELOPMENT_DOCUMENT_KEY = 'sakan-development-document-key-not-for-production'

interface WrappingKey {
  id: Buffer
  key: Buffer
}

/** A wrapping key from a configured secret (any length): HKDF-SHA256, and its id. */
export function wrappingKey(secret: string): WrappingKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'sakan', 'id-documents', 32))
  const id = createHash('sha256').update('key id').update(key).digest().subarray(0, KEY_ID_BYTES)
  return { id, key }
}

export interface DocumentKeys {
  current: WrappingKey
  /** Every key a stored file may name: the current one and the previous ones. */
  all: WrappingKey[]
}

/** The keys from the given settings (the environment's by default). */
export function documentKeys(
  current: string | undefined = env.get('DOCUMENT_KEY')?.release(),
  previous: string | undefined = env.get('DOCUMENT_PREVIOUS_KEYS')?.release()
): DocumentKeys {
  const now = wrappingKey(current || DEVELOPMENT_DOCUMENT_KEY)
  const older = (previous ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
    .map(wrappingKey)
  return { current: now, all: [now, ...older] }
}

let configured: DocumentKeys | undefined
const keysOrDefault = (keys?: DocumentKeys) => keys ?? (configured ??= documentKeys())

function seal(key: Buffer, plain: Buffer, aad: Buffer) {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(aad)
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()])
  return { nonce, tag: cipher.getAuthTag(), sealed }
}

function open(key: Buffer, nonce: Buffer, tag: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce).setAAD(aad).setAuthTag(tag)
  return Buffer.concat([decipher.update(sealed), decipher.final()])
}

/** Whether stored bytes are an encrypted document (else a file stored before encryption). */
export function isEncryptedDocument(stored: Uint8Array): boolean {
  return (
    stored.length >= HEADER_BYTES && Buffer.from(stored.subarray(0, MAGIC.length)).equals(MAGIC)
  )
}

/** The id of the key that wrapped an encrypted document. */
export function wrappedWith(stored: Uint8Array): Buffer {
  return Buffer.from(stored.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES))
}

/** The bytes to store for a document kept under `storageKey`, encrypted with the current key. */
export function encryptDocument(storageKey: string, plain: Buffer, keys?: DocumentKeys): Buffer {
  const { current } = keysOrDefault(keys)
  const dataKey = randomBytes(DATA_KEY_BYTES)
  const head = Buffer.concat([MAGIC, current.id])
  const wrapped = seal(current.key, dataKey, head)
  const aad = Buffer.concat([
    head,
    wrapped.nonce,
    wrapped.tag,
    wrapped.sealed,
    Buffer.from(storageKey),
  ])
  const body = seal(dataKey, plain, aad)
  return Buffer.concat([
    head,
    wrapped.nonce,
    wrapped.tag,
    wrapped.sealed,
    body.nonce,
    body.tag,
    body.sealed,
  ])
}

export class UnreadableDocument extends Error {}

/**
 * The document as it was uploaded. A file stored before encryption is answered as it is; an
 * encrypted one whose key is not configured, or that was altered or moved, throws
 * UnreadableDocument.
 */
export function decryptDocument(
  storageKey: string,
  stored: Uint8Array,
  keys?: DocumentKeys
): Buffer {
  const bytes = Buffer.from(stored)
  if (!isEncryptedDocument(bytes)) return bytes
  let at = MAGIC.length
  const take = (length: number) => bytes.subarray(at, (at += length))
  const id = take(KEY_ID_BYTES)
  const wrapping = keysOrDefault(keys).all.find((key) => key.id.equals(id))
  if (!wrapping) throw new UnreadableDocument(`no configured key wraps ${storageKey}`)
  const head = bytes.subarray(0, MAGIC.length + KEY_ID_BYTES)
  const [wrapNonce, wrapTag, wrappedKey] = [
    take(NONCE_BYTES),
    take(TAG_BYTES),
    take(DATA_KEY_BYTES),
  ]
  const [nonce, tag] = [take(NONCE_BYTES), take(TAG_BYTES)]
  const sealed = bytes.subarray(at)
  try {
    const dataKey = open(wrapping.key, wrapNonce, wrapTag, wrappedKey, head)
    const aad = Buffer.concat([head, wrapNonce, wrapTag, wrappedKey, Buffer.from(storageKey)])
    return open(dataKey, nonce, tag, sealed, aad)
  } catch {
    throw new UnreadableDocument(`${storageKey} does not decrypt`)
  }
}

/** Whether stored bytes are already encrypted with the current key (nothing to do for them). */
export function isCurrent(stored: Uint8Array, keys?: DocumentKeys): boolean {
  return isEncryptedDocument(stored) && wrappedWith(stored).equals(keysOrDefault(keys).current.id)
}
