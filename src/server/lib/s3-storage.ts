/**
 * The Storage interface (storage.ts) on an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so several
 * instances share one set of media (docs/decisions/011-s3-media-storage.md).
 * - put → PutObject (an object appears whole or not at all);
 * - putStream → a streamed multipart upload (@aws-sdk/lib-storage Upload, PART_SIZE parts, QUEUE_SIZE in flight,
 *   so memory stays ≈ PART_SIZE × QUEUE_SIZE whatever the file size); a failed stream aborts the multipart upload,
 *   nothing appears under the key;
 * - get → GetObject (with a Range header for ranged reads), stat/exists → HeadObject;
 * - move → CopyObject + DeleteObject; delete → DeleteObject (a missing key is not an error on S3);
 * - sweepTemporary → lists "tmp/" and deletes what is older than the cut-off.
 * Errors: a missing object is null/false; any other failure (network, 5xx, access denied) is a
 * StorageUnavailableError (→ 503), except in putStream where the source stream's own error is rethrown as is.
 */

import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "../config.ts";
import { isValidKey, type Storage, StorageUnavailableError } from "./storage.ts";

/** Multipart part size in bytes: S3's minimum, 5 MiB (up to 10,000 parts: 48 GiB per object, far above the limits). */
export const PART_SIZE = 5 * 1024 * 1024;
/** Parts uploaded at the same time by one streamed upload. */
export const QUEUE_SIZE = 2;
/** Milliseconds to open a connection to the store, and of socket inactivity before a request fails. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

/** Whether an SDK error means "no such object" (HeadObject answers a bare 404 "NotFound"). */
function isMissing(error: unknown): boolean {
  const e = error as Partial<S3ServiceException> | undefined;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** An S3 client for `config`; checksums only where the API requires them (many S3-compatible stores lack CRC32). */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/**
 * Storage on the bucket `config.bucket`. Input: the S3 settings (config.ts S3Config) and optionally a client
 * (tests). Output: a Storage; `client` is exposed for the media:migrate command and tests.
 */
export function s3Storage(config: S3Config, client: S3Client = s3Client(config)): Storage & { client: S3Client } {
  const Bucket = config.bucket;
  /** Runs an SDK call; a failure other than "no such object" becomes StorageUnavailableError. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw isMissing(error) ? error : new StorageUnavailableError(error);
    }
  };
  const head = async (key: string) => {
    if (!isValidKey(key)) return null;
    try {
      const out = await call(() => client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return { size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    client,
    async put(key, data) {
      await call(() => client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data })));
    },
    async putStream(key, stream) {
      const Key = checkedKey(key);
      let size = 0;
      let sourceError: unknown;
      // Counts the bytes and remembers the source's own failure (a refused or truncated upload), which wins over
      // whatever the SDK makes of it.
      const counted = Readable.from(
        (async function* () {
          try {
            for await (const chunk of stream) {
              size += (chunk as Buffer).length;
              yield chunk as Buffer;
            }
          } catch (error) {
            sourceError = error;
            throw error;
          }
        })(),
      );
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counted },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (sourceError) throw sourceError;
        throw new StorageUnavailableError(error);
      } finally {
        counted.destroy();
      }
      return { size };
    },
    async get(key, range) {
      if (!isValidKey(key)) return null;
      try {
        const out = await call(() =>
          client.send(
            new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
          ),
        );
        const size = out.ContentLength ?? 0;
        // "bytes 0-1023/52428800" → the whole object's size.
        const total = out.ContentRange ? Number(out.ContentRange.split("/")[1]) : size;
        return {
          stream: out.Body as Readable,
          size,
          totalSize: Number.isFinite(total) ? total : size,
          lastModified: out.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    stat: head,
    async exists(key) {
      return (await head(key)) !== null;
    },
    async move(from, to) {
      const source = checkedKey(from);
      const target = checkedKey(to);
      await call(() =>
        client.send(new CopyObjectCommand({ Bucket, Key: target, CopySource: `${Bucket}/${encodeURI(source)}` })),
      );
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: source })));
    },
    async delete(key) {
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) })));
    },
    async sweepTemporary(olderThanMs, now = new Date()) {
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await call(() =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: "tmp/", ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          if (now.getTime() - object.LastModified.getTime() > olderThanMs) {
            await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: object.Key })));
            removed++;
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed;
    },
  };
}
