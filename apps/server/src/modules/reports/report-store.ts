/**
 * Where report files live (ARCHITECTURE.md §9; issue 12): a directory (`DATA_DIR/reports`) or an
 * S3-compatible bucket (`REPORTS_S3_URL`, AWS SDK v3). Keys are `{organizationId}/{reportId}-{attempt}.{type}`.
 */
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';

/** A file being written: write to `stream`, end it, then await `done` (its size in bytes); `abort` on failure. */
export interface ReportUpload {
  stream: Writable;
  done: () => Promise<number>;
  abort: () => Promise<void>;
}

export interface ReportStore {
  /** 'file' or 's3', for logs and health. */
  kind: 'file' | 's3';
  /** Starts writing `key`. */
  upload(key: string, contentType: string): ReportUpload;
  /** The stored file `key` and its size, or null when it is not there. */
  open(key: string): Promise<{ stream: Readable; bytes: number | undefined } | null>;
  /** Removes `key` (no error when it is not there). */
  remove(key: string): Promise<void>;
}

/** The key of attempt `attempt` of a report's file. */
export function reportFileKey(r: { organizationId: string; id: string; type: string }, attempt: number): string {
  return `${r.organizationId}/${r.id}-${attempt}.${r.type}`;
}

/** Report files under `dir` (created on first write). Keys never leave `dir`. */
export function createFileReportStore(dir: string): ReportStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const p = resolve(root, key);
    if (!p.startsWith(root + sep)) throw new Error(`report key outside the store: ${key}`);
    return p;
  };
  return {
    kind: 'file',
    upload(key) {
      const path = pathOf(key);
      const partial = `${path}.part`;
      mkdirSync(dirname(path), { recursive: true });
      const file = createWriteStream(partial, { highWaterMark: 1 << 20 });
      return {
        stream: file,
        async done() {
          await finished(file);
          await rename(partial, path);
          return (await stat(path)).size;
        },
        async abort() {
          file.destroy();
          await rm(partial, { force: true });
        },
      };
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), bytes: size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
      await rm(`${pathOf(key)}.part`, { force: true });
    },
  };
}

/** What REPORTS_S3_URL names: endpoint (undefined = AWS), bucket, key prefix, region and credentials. */
export interface S3Location {
  endpoint: string | undefined;
  bucket: string;
  prefix: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Parses REPORTS_S3_URL: `s3://bucket/prefix` (AWS, credentials and region from the AWS
 * environment) or `http(s)://KEY:SECRET@host:port/bucket/prefix` (an S3-compatible server, path
 * style; without KEY:SECRET the AWS environment's). `?region=` sets the region (default us-east-1).
 * Throws on anything else.
 */
export function parseS3Url(text: string): S3Location {
  const url = new URL(text);
  const region = url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1';
  const parts = url.pathname.split('/').filter(Boolean);
  const credentials = url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : undefined;
  if (url.protocol === 's3:') {
    if (!url.hostname) throw new Error('REPORTS_S3_URL must name a bucket: s3://bucket/prefix');
    return { endpoint: undefined, bucket: url.hostname, prefix: parts.join('/'), region, credentials };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('REPORTS_S3_URL must be s3://bucket/prefix or http(s)://key:secret@host/bucket/prefix');
  const [bucket, ...rest] = parts;
  if (!bucket) throw new Error('REPORTS_S3_URL must name a bucket: http(s)://key:secret@host/bucket/prefix');
  return { endpoint: `${url.protocol}//${url.host}`, bucket, prefix: rest.join('/'), region, credentials };
}

/**
 * Report files in an S3-compatible bucket, written with multipart uploads as they stream. The AWS
 * SDK (some 20 MB of a worker's memory) is loaded on the store's first use, so a deployment on
 * local files never carries it.
 */
export function createS3ReportStore(location: S3Location): ReportStore {
  let loaded: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3'); Upload: typeof import('@aws-sdk/lib-storage').Upload }> | null = null;
  const sdk = () =>
    (loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: new s3.S3Client({
        endpoint: location.endpoint,
        forcePathStyle: location.endpoint !== undefined,
        region: location.region,
        credentials: location.credentials,
        // Checksums only where S3 requires them: S3-compatible servers differ in what they accept.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const keyOf = (key: string) => (location.prefix ? `${location.prefix}/${key}` : key);
  return {
    kind: 's3',
    upload(key, contentType) {
      let bytes = 0;
      // Counts as it passes, without a 'data' listener (that would let bytes flow before the SDK, loaded lazily, reads them).
      const body = new Transform({
        highWaterMark: 1 << 20,
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const upload = sdk().then(
        ({ client, Upload }) => new Upload({ client, params: { Bucket: location.bucket, Key: keyOf(key), Body: body, ContentType: contentType }, partSize: 8 * 1024 * 1024, queueSize: 2 }),
      );
      const result = upload.then((u) => u.done());
      // Failures surface through done(); keep an early one from being unhandled.
      result.catch(() => undefined);
      return {
        stream: body,
        async done() {
          await result;
          return bytes;
        },
        async abort() {
          body.destroy();
          await upload.then((u) => u.abort()).catch(() => undefined);
        },
      };
    },
    async open(key) {
      const { client, s3 } = await sdk();
      try {
        const got = await client.send(new s3.GetObjectCommand({ Bucket: location.bucket, Key: keyOf(key) }));
        return { stream: got.Body as Readable, bytes: got.ContentLength };
      } catch (err) {
        if (err instanceof s3.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(key) {
      const { client, s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: location.bucket, Key: keyOf(key) }));
    },
  };
}

/** The store of the configuration: S3 when `s3Url` is set, else `DATA_DIR/reports`. */
export function createReportStore(cfg: { dataDir: string; reportsS3Url: string | undefined }): ReportStore {
  return cfg.reportsS3Url ? createS3ReportStore(parseS3Url(cfg.reportsS3Url)) : createFileReportStore(join(cfg.dataDir, 'reports'));
}
