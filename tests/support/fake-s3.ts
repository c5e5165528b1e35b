import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for an S3-compatible service, enough for our file store: PutObject, GetObject and
 * DeleteObject in path style (/bucket/key). It checks that each request is signed (SigV4) with the
 * expected key and region, and records the requests it served.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string; region: string }) {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; path: string }[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-s3");
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: req.method ?? "", path });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const authorization = req.headers.authorization ?? "";
    const scope = `Credential=${options.accessKeyId}/`;
    if (
      !authorization.startsWith("AWS4-HMAC-SHA256 ") ||
      !authorization.includes(scope) ||
      !authorization.includes(`/${options.region}/s3/`)
    )
      return xmlError(res, 403, "AccessDenied");
    const prefix = `/${options.bucket}/`;
    if (!path.startsWith(prefix)) return xmlError(res, 404, "NoSuchBucket");
    const key = path.slice(prefix.length);
    if (req.method === "PUT") {
      objects.set(key, Buffer.concat(chunks));
      res.writeHead(200, { ETag: '"fake"' }).end();
    } else if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, "NoSuchKey");
      res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": object.length }).end(object);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else xmlError(res, 405, "MethodNotAllowed");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function xmlError(res: ServerResponse, status: number, code: string) {
  res
    .writeHead(status, { "Content-Type": "application/xml" })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}
