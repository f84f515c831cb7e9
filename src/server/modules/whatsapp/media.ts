/**
 * Media of inbound WhatsApp messages (docs/whatsapp.md "Media"): after the webhook stored an image or a document
 * (answered at once), this due queue fetches it through Meta's media API (graph.ts fetchMedia) and stores it as an
 * upload is stored, checked by content (modules/uploads: an image must decode and is re-encoded, a document must be a
 * PDF without active content; anything else is "refused" and kept as a message without a file). Each row is taken
 * with a short lease (media_next_at moved ahead in the claiming statement, SKIP LOCKED), so instances never fetch the
 * same file at once; a failed fetch is tried again after 1, 2, 4 … minutes, 5 times in all.
 */
import { Readable } from "node:stream";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/connection.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { HttpError } from "#server/lib/http-errors.ts";
import type { Storage } from "#server/lib/storage.ts";
import { looksLikePdf, storeImageUpload, storeStreamedUpload, type UploadStream } from "../uploads/service.ts";
import { accessOf, readConnection, type WhatsappContext } from "./connection.ts";
import { fetchMedia } from "./graph.ts";

export interface MediaContext extends WhatsappContext {
  storage: Storage;
  /** Size limits in bytes (config.uploadLimits). */
  limits: { image: number; pdf: number };
}

const MEDIA_ATTEMPTS = 5;
const MEDIA_LEASE_MS = 120_000;

/** Claims one pending media row due at `now` (lease: media_next_at moved ahead), or null. */
async function claimMedia(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.mediaStatus, "pending"), lte(whatsappMessages.mediaNextAt, now)))
      .orderBy(asc(whatsappMessages.mediaNextAt), asc(whatsappMessages.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    await tx
      .update(whatsappMessages)
      .set({ mediaNextAt: new Date(now.getTime() + MEDIA_LEASE_MS) })
      .where(eq(whatsappMessages.id, due.id));
    return due.id;
  });
}

/** One pass: fetches and stores the media due at `now` (at most `max` files). Returns how many were handled. */
export async function fetchDueMedia(ctx: MediaContext, now: Date, max = 20): Promise<number> {
  let handled = 0;
  while (handled < max) {
    const id = await claimMedia(ctx.db, now);
    if (id === null) break;
    handled += 1;
    await fetchOne(ctx, id, now);
  }
  return handled;
}

async function fetchOne(ctx: MediaContext, id: number, now: Date): Promise<void> {
  const [row] = await ctx.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)).limit(1);
  const access = accessOf(ctx, await readConnection(ctx.db));
  if (!row?.mediaId || !access) return;
  const isImage = row.kind === "image";
  const actor = { userId: null, ip: null };
  try {
    const { bytes } = await fetchMedia(access, row.mediaId, isImage ? ctx.limits.image : ctx.limits.pdf);
    let url: string | null = null;
    let mime: string | null = null;
    if (isImage) {
      url = (await storeImageUpload(ctx.db, ctx.storage, bytes, actor)).url;
      mime = "image/webp";
    } else if (looksLikePdf(bytes)) {
      const stream = Readable.from([bytes]) as UploadStream;
      url = (await storeStreamedUpload(ctx.db, ctx.storage, "pdf", stream, ctx.limits.pdf, actor)).url;
      mime = "application/pdf";
    }
    await ctx.db
      .update(whatsappMessages)
      .set(url ? { mediaStatus: "stored", mediaUrl: url, mediaMime: mime } : { mediaStatus: "refused" })
      .where(eq(whatsappMessages.id, id));
  } catch (error) {
    // Refused by content (400/413 from the upload checks): kept as a message without a file.
    if (error instanceof HttpError && error.statusCode < 500) {
      await ctx.db.update(whatsappMessages).set({ mediaStatus: "refused" }).where(eq(whatsappMessages.id, id));
      return;
    }
    const failed = row.mediaAttempts + 1 >= MEDIA_ATTEMPTS;
    const next = new Date(now.getTime() + 60_000 * 2 ** row.mediaAttempts);
    await ctx.db
      .update(whatsappMessages)
      .set({
        mediaAttempts: sql`${whatsappMessages.mediaAttempts} + 1`,
        ...(failed ? { mediaStatus: "failed" } : { mediaNextAt: next }),
      })
      .where(eq(whatsappMessages.id, id));
  }
}
