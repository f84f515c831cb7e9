import { mkdtemp, readdir, readFile, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localStorage, type Storage } from "./storage.ts";

/** Every file (not folder) under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Resolves after pending I/O callbacks have run (lets a stream write reach the disk). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("localStorage", () => {
  let root: string;
  let storage: Storage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "storage-test-"));
    storage = localStorage(root);
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it("putStream writes the whole stream and returns its size; the key appears only once it is complete", async () => {
    const source = new PassThrough();
    const done = storage.putStream("videos/a.mp4", source);
    source.write(Buffer.alloc(100_000, 1));
    await settle();
    // Half-written: readers see nothing under the key, the bytes sit in a temp file beside it.
    expect(await storage.exists("videos/a.mp4")).toBe(false);
    expect(await storage.get("videos/a.mp4")).toBeNull();
    expect((await filesUnder(root)).every((f) => f.endsWith(".tmp"))).toBe(true);
    source.end(Buffer.alloc(50_000, 2));
    expect(await done).toEqual({ size: 150_000 });

    expect(await filesUnder(root)).toEqual(["videos/a.mp4"]);
    const stored = await storage.get("videos/a.mp4");
    expect(stored?.size).toBe(150_000);
    const bytes = await readFile(path.join(root, "videos/a.mp4"));
    expect(bytes.subarray(0, 100_000).every((b) => b === 1)).toBe(true);
    expect(bytes.subarray(100_000).every((b) => b === 2)).toBe(true);
    stored?.stream.destroy();
  });

  it("putStream replacing a key leaves the old object readable until the new one is complete", async () => {
    await storage.put("files/doc.pdf", Buffer.from("old"));
    const source = new PassThrough();
    const done = storage.putStream("files/doc.pdf", source);
    source.write("new-");
    await settle();
    expect((await readFile(path.join(root, "files/doc.pdf"))).toString()).toBe("old");
    source.end("content");
    await done;
    expect((await readFile(path.join(root, "files/doc.pdf"))).toString()).toBe("new-content");
  });

  it("putStream rejects with the stream's error and leaves no temp file and no object", async () => {
    const failing = new Readable({ read() {} });
    const done = storage.putStream("videos/b.mp4", failing);
    failing.push(Buffer.alloc(64 * 1024, 3));
    await settle();
    failing.destroy(new Error("connection reset"));
    await expect(done).rejects.toThrow("connection reset");
    expect(await filesUnder(root)).toEqual([]);
    expect(await storage.exists("videos/b.mp4")).toBe(false);
  });

  it("putStream refuses an invalid key", async () => {
    await expect(storage.putStream("../escape.mp4", Readable.from([Buffer.from("x")]))).rejects.toThrow(
      /invalid storage key/,
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it("move renames an object to a new key (creating its folder); delete removes it and ignores a missing key", async () => {
    await storage.putStream("tmp/upload-1.part", Readable.from([Buffer.from("bytes")]));
    await storage.move("tmp/upload-1.part", "videos/final.mp4");
    expect(await storage.exists("tmp/upload-1.part")).toBe(false);
    expect((await readFile(path.join(root, "videos/final.mp4"))).toString()).toBe("bytes");
    await expect(storage.move("tmp/missing.part", "videos/other.mp4")).rejects.toThrow();
    await storage.delete("videos/final.mp4");
    await storage.delete("videos/final.mp4");
    expect(await filesUnder(root)).toEqual([]);
  });

  it("put stores a buffer atomically and get/exists read it back", async () => {
    await storage.put("images/x.webp", Buffer.from("webp"));
    expect(await storage.exists("images/x.webp")).toBe(true);
    expect(await filesUnder(root)).toEqual(["images/x.webp"]);
    expect(await storage.exists("images/none.webp")).toBe(false);
    expect(await storage.get("../etc/passwd")).toBeNull();
  });

  it("sweeps temporary uploads older than the age, and keeps recent ones and stored files", async () => {
    await storage.put("tmp/old.part", Buffer.from("x"));
    await storage.put("tmp/new.part", Buffer.from("y"));
    await storage.put("images/kept.webp", Buffer.from("z"));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(root, "tmp", "old.part"), old, old);
    expect(await storage.sweepTemporary(60 * 60 * 1000)).toBe(1);
    expect((await filesUnder(root)).sort()).toEqual(["images/kept.webp", "tmp/new.part"]);
    expect(await localStorage(path.join(root, "empty")).sweepTemporary(0)).toBe(0);
  });

  it("get reads an inclusive byte range; stat gives size and date without opening the file", async () => {
    await storage.put("files/a.pdf", Buffer.from("0123456789"));
    const info = await storage.stat("files/a.pdf");
    expect(info?.size).toBe(10);
    expect(info?.lastModified).toBeInstanceOf(Date);
    const part = await storage.get("files/a.pdf", { start: 3, end: 5 });
    expect(part && { size: part.size, totalSize: part.totalSize }).toEqual({ size: 3, totalSize: 10 });
    const chunks: Buffer[] = [];
    for await (const chunk of part?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("345");
    expect(await storage.stat("files/missing.pdf")).toBeNull();
    expect(await storage.stat("../outside")).toBeNull();
  });
});
