import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../../../tests/support/fake-s3";
import { newFileKey } from "./file-store.server";
import { s3FileStore } from "./s3-file-store.server";

const settings = { bucket: "copies", region: "fr-par", accessKeyId: "CLEFTEST", secretAccessKey: "secret-de-test" };
let s3: Awaited<ReturnType<typeof startFakeS3>>;

beforeAll(async () => {
  s3 = await startFakeS3(settings);
});
afterAll(async () => {
  await s3?.stop();
});

const storeAt = (endpoint: string, accessKeyId = settings.accessKeyId) =>
  s3FileStore({
    bucket: settings.bucket,
    region: settings.region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey: settings.secretAccessKey },
  });

describe("the S3 file store", () => {
  it("puts, reads back and removes files in the bucket, under their key", async () => {
    const store = storeAt(s3.endpoint);
    const [first, second] = [newFileKey("submissions"), newFileKey("submissions")];
    const pdf = Buffer.from("%PDF-1.4\n%âãÏÓ\n%%EOF\n", "latin1");
    await store.put(first, pdf);
    await store.put(second, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(s3.objects.get(first)?.equals(pdf)).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: "PUT", path: `/copies/${second}` });
    expect((await store.get(first))?.equals(pdf)).toBe(true);

    // An unknown key is no file, as with the database store; removing one is no error.
    expect(await store.get("submissions/inconnu")).toBeUndefined();
    await store.remove([first, second, "submissions/inconnu"]);
    expect(s3.objects.size).toBe(0);
    expect(await store.get(first)).toBeUndefined();
    await store.remove([]);
  });

  it("passes on the service's refusals (wrong keys) instead of reading them as a missing file", async () => {
    const store = storeAt(s3.endpoint, "AUTRECLEF");
    await expect(store.get("submissions/x")).rejects.toMatchObject({ name: "AccessDenied" });
    await expect(store.put("submissions/x", Buffer.from("x"))).rejects.toMatchObject({ name: "AccessDenied" });
  });
});
