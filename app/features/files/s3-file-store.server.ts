import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { ServerConfig } from "../../config.server";
import type { FileStore } from "./file-store.server";

type S3Settings = NonNullable<ServerConfig["s3"]>;

/** Deletes run this many at a time: a class deleted with its files does not open hundreds of sockets. */
const DELETE_CONCURRENCY = 8;

/**
 * Files in an S3-compatible bucket (AWS, Scaleway, OVHcloud, MinIO, R2…), for several instances that do
 * not want files in the database. Objects are private; the app reads them and serves them itself, so the
 * access rules stay in one place (routes/file-download.ts).
 */
export function s3FileStore(settings: S3Settings, client = s3Client(settings)): FileStore {
  const Bucket = settings.bucket;
  return {
    async put(key, content) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: content, ContentLength: content.length }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    },
    async remove(keys) {
      // One DeleteObject a key rather than DeleteObjects: several S3-compatible services refuse the
      // checksum headers recent SDKs put on DeleteObjects, and a missing key is no error.
      for (let start = 0; start < keys.length; start += DELETE_CONCURRENCY)
        await Promise.all(
          keys.slice(start, start + DELETE_CONCURRENCY).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
        );
    },
  };
}

function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: providers other than AWS do not all accept the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
