import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import {
  UnreadableDocument,
  decryptDocument,
  documentKeys,
  encryptDocument,
  isCurrent,
  isEncryptedDocument,
} from '#services/document_crypto'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const KEY = 'applications/0b0e6a8c-1d2f-4e5a-9b7c-123456789abc.png'
const OLD = 'an-old-document-key-of-sufficient-length-000'
const NEW = 'a-new-document-key-of-sufficient-length-1111'

/** A PNG's signature then random pixels' worth of bytes. */
const upload = () => Buffer.concat([PNG_SIGNATURE, randomBytes(4000)])

test.group('ID documents encrypted at rest', () => {
  test('what is stored holds none of the upload, and decrypts to it exactly', ({ assert }) => {
    const plain = upload()
    const stored = encryptDocument(KEY, plain)
    assert.isTrue(isEncryptedDocument(stored))
    assert.notDeepEqual(stored.subarray(0, 8), PNG_SIGNATURE)
    assert.equal(stored.indexOf(PNG_SIGNATURE), -1)
    assert.equal(stored.indexOf(plain.subarray(100, 132)), -1)
    assert.deepEqual(decryptDocument(KEY, stored), plain)
    /* A fresh data key and nonce each time: the same upload is stored differently. */
    assert.notDeepEqual(encryptDocument(KEY, plain), stored)
  })

  test('an altered file, a file moved under another key, or an unknown key does not decrypt', ({
    assert,
  }) => {
    const stored = encryptDocument(KEY, upload())
    const altered = Buffer.from(stored)
    altered[altered.length - 1]! ^= 1
    assert.throws(() => decryptDocument(KEY, altered), UnreadableDocument)
    assert.throws(() => decryptDocument(KEY.replace('.png', '.jpg'), stored), UnreadableDocument)
    assert.throws(
      () => decryptDocument(KEY, stored, documentKeys(NEW, undefined)),
      UnreadableDocument
    )
  })

  test('after a rotation the previous key still reads its files, and they are not current', ({
    assert,
  }) => {
    const plain = upload()
    const before = encryptDocument(KEY, plain, documentKeys(OLD, undefined))
    const rotated = documentKeys(NEW, ` ${OLD} , `)
    assert.deepEqual(decryptDocument(KEY, before, rotated), plain)
    assert.isFalse(isCurrent(before, rotated))
    const after = encryptDocument(KEY, plain, rotated)
    assert.isTrue(isCurrent(after, rotated))
    assert.throws(
      () => decryptDocument(KEY, after, documentKeys(OLD, undefined)),
      UnreadableDocument
    )
  })

  test('a file stored before encryption is read as it is, and is not current', ({ assert }) => {
    const plain = upload()
    assert.isFalse(isEncryptedDocument(plain))
    assert.isFalse(isCurrent(plain))
    assert.deepEqual(decryptDocument(KEY, plain), plain)
  })
})
