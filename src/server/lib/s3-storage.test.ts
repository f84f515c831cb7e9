import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../test-utils/s3-server.ts";
import { migrateMedia } from "./media-migrate.ts";
import { PART_SIZE, s3Storage } from "./s3-storage.ts";
import { StorageUnavailableError } from "./storage.ts";

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("s3Storage on an S3-protocol server", () => {
  let s3: TestS3Server;
  let storage: ReturnType<typeof s3Storage>;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = s3Storage(s3.config);
  });
  afterAll(async () => s3.close());

  it("puts, reads whole and by range, stats, moves and deletes", async () => {
    await storage.put("images/a.webp", Buffer.from("0123456789"));
    const whole = await storage.get("images/a.webp");
    expect(whole && { size: whole.size, totalSize: whole.totalSize }).toEqual({ size: 10, totalSize: 10 });
    expect(whole && (await text(whole.stream)).toString()).toBe("0123456789");
    const part = await storage.get("images/a.webp", { start: 2, end: 4 });
    expect(part && { size: part.size, totalSize: part.totalSize }).toEqual({ size: 3, totalSize: 10 });
    expect(part && (await text(part.stream)).toString()).toBe("234");
    expect((await storage.stat("images/a.webp"))?.size).toBe(10);
    expect(await storage.stat("images/missing.webp")).toBeNull();
    expect(await storage.get("images/missing.webp")).toBeNull();
    expect(await storage.get("../etc/passwd")).toBeNull();

    await storage.move("images/a.webp", "images/b.webp");
    expect(await storage.exists("images/a.webp")).toBe(false);
    expect(await storage.exists("images/b.webp")).toBe(true);
    await storage.delete("images/b.webp");
    expect(await storage.exists("images/b.webp")).toBe(false);
  });

  it("putStream uploads in several parts and returns the size", async () => {
    const size = PART_SIZE * 2 + 123;
    const source = Readable.from(
      (function* () {
        for (let sent = 0; sent < size; sent += 1024 * 1024) yield Buffer.alloc(Math.min(1024 * 1024, size - sent), 5);
      })(),
    );
    expect(await storage.putStream("videos/big.mp4", source)).toEqual({ size });
    expect((await storage.stat("videos/big.mp4"))?.size).toBe(size);
  });

  it("putStream rethrows the source's own error and leaves nothing under the key", async () => {
    const source = new PassThrough();
    const done = storage.putStream("tmp/broken.part", source);
    source.write(Buffer.alloc(1000, 1));
    const reason = new Error("client went away");
    source.destroy(reason);
    await expect(done).rejects.toBe(reason);
    expect(await storage.exists("tmp/broken.part")).toBe(false);
  });

  it("sweeps old temporary objects only", async () => {
    await storage.put("tmp/old.part", Buffer.from("x"));
    await storage.put("videos/keep.mp4", Buffer.from("y"));
    expect(await storage.sweepTemporary(60_000)).toBe(0);
    expect(await storage.sweepTemporary(60_000, new Date(Date.now() + 120_000))).toBe(1);
    expect(await storage.exists("tmp/old.part")).toBe(false);
    expect(await storage.exists("videos/keep.mp4")).toBe(true);
  });

  it("media:migrate copies a local media folder once: a second run skips everything", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "migrate-media-"));
    try {
      await mkdir(path.join(folder, "images"), { recursive: true });
      await mkdir(path.join(folder, "files"), { recursive: true });
      await mkdir(path.join(folder, "tmp"), { recursive: true });
      await writeFile(path.join(folder, "images", "0a1b-320.webp"), Buffer.alloc(2000, 1));
      await writeFile(path.join(folder, "images", "0a1b.webp"), Buffer.alloc(3000, 2));
      await writeFile(path.join(folder, "files", "0c2d.pdf"), Buffer.alloc(4000, 3));
      await writeFile(path.join(folder, "tmp", "3f.part"), "half");
      await writeFile(path.join(folder, "images", "0a1b.webp.123.abc.tmp"), "half");
      await writeFile(path.join(folder, "Notes.TXT"), "not media");

      const first = await migrateMedia(folder, storage);
      expect(first).toEqual({ copied: 3, copiedBytes: 9000, skipped: 0, ignored: 3, failed: [] });
      const stored = await storage.get("files/0c2d.pdf");
      expect(stored && (await text(stored.stream)).equals(Buffer.alloc(4000, 3))).toBe(true);
      expect(await storage.exists("tmp/3f.part")).toBe(false);

      const second = await migrateMedia(folder, storage);
      expect(second).toEqual({ copied: 0, copiedBytes: 0, skipped: 3, ignored: 3, failed: [] });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("turns a store that cannot be reached into StorageUnavailableError", async () => {
    const down = await startS3Server();
    const unreachable = s3Storage(down.config);
    await down.close();
    await expect(unreachable.stat("images/a.webp")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(unreachable.put("images/a.webp", Buffer.from("x"))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(unreachable.putStream("tmp/a.part", Readable.from([Buffer.from("x")]))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});
