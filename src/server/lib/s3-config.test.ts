import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openStorage } from "./open-storage.ts";

describe("S3 settings", () => {
  it("chooses the bucket when S3_BUCKET is set, with its endpoint, credentials and addressing", async () => {
    const config = loadConfig({
      S3_BUCKET: "media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "me-central-1",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      MEDIA_PUBLIC_URL: "https://cdn.example.sa/",
    });
    expect(config.s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "media",
      region: "me-central-1",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(config.mediaPublicUrl).toBe("https://cdn.example.sa");
    expect("client" in (await openStorage(config))).toBe(true);
  });

  it("keeps the local folder without S3_BUCKET, and refuses half a configuration", async () => {
    const local = loadConfig({ S3_BUCKET: "", MEDIA_PUBLIC_URL: "" });
    expect(local.s3).toBeUndefined();
    expect(local.mediaPublicUrl).toBeUndefined();
    expect("client" in (await openStorage(local))).toBe(false);
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: "media", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
