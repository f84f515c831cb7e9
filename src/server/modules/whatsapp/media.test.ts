/**
 * Files both ways on WhatsApp, against the local Cloud API stand-in (test-utils/whatsapp-cloud.ts): an inbound image
 * and document are fetched through the media API after the webhook answered and stored like uploads, checked by
 * content (a "document" that is not a PDF is refused and kept without its file); an agent's image or PDF sent inside
 * the window goes to Meta as a link to our public media URL; anything else is refused with a field message.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { multipartFile } from "../../test-utils/multipart.ts";
import { openWhatsappTest, type WhatsappTest } from "../../test-utils/whatsapp-app.ts";
import { notification, type WhatsappCloud } from "../../test-utils/whatsapp-cloud.ts";

const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

let w: WhatsappTest;
let cloud: WhatsappCloud;
let t: TestApp;
const now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;

const deliver = (body: string) => w.deliver(body);

const rowOf = async (waMessageId: string) =>
  (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, waMessageId)))[0];

beforeAll(async () => {
  w = await openWhatsappTest("media", { clock: () => now, env: { PUBLIC_URL: "https://example.sa" } });
  ({ t, cloud, manager } = w);
}, 60_000);

afterAll(() => w.close());

it("fetches an inbound image and PDF through the media API and refuses a document that is not a PDF", async () => {
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  cloud.addMedia("media-image-1", image, "image/png");
  cloud.addMedia("media-pdf-1", MINIMAL_PDF, "application/pdf");
  cloud.addMedia("media-fake-1", Buffer.from("MZ not a pdf at all"), "application/pdf");
  const from = "966503330001";
  await deliver(
    notification({
      messages: [
        {
          from,
          id: "wamid.img1",
          type: "image",
          image: { id: "media-image-1", mime_type: "image/png", caption: "المخطط" },
        },
        {
          from,
          id: "wamid.doc1",
          type: "document",
          document: { id: "media-pdf-1", mime_type: "application/pdf", filename: "عرض.pdf" },
        },
        {
          from,
          id: "wamid.doc2",
          type: "document",
          document: { id: "media-fake-1", mime_type: "application/pdf", filename: "x.pdf" },
        },
      ],
    }),
  );
  // Answered before any download: the files are still pending.
  expect((await rowOf("wamid.img1")).mediaStatus).toBe("pending");
  await t.app.jobs.runDue();
  const img = await rowOf("wamid.img1");
  expect(img).toMatchObject({ mediaStatus: "stored", mediaMime: "image/webp", body: "المخطط" });
  expect(img.mediaUrl).toMatch(/^\/media\/.+\.webp$/);
  const served = await t.app.inject({ method: "GET", url: img.mediaUrl ?? "" });
  expect(served.statusCode).toBe(200);
  expect((await rowOf("wamid.doc1")).mediaUrl).toMatch(/^\/media\/files\/.+\.pdf$/);
  expect(await rowOf("wamid.doc2")).toMatchObject({ mediaStatus: "refused", mediaUrl: null });
});

it("sends an agent's image inside the window as a link to our public media URL, and refuses other files", async () => {
  const from = "966503330002";
  await deliver(notification({ messages: [{ from, id: "wamid.txt2", type: "text", text: { body: "أرسل المخطط" } }] }));
  const leadId = (await rowOf("wamid.txt2")).leadId;
  const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 20, b: 90 } } })
    .jpeg()
    .toBuffer();
  const upload = multipartFile("file", "plan.jpg", "image/jpeg", image);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/files`,
    payload: upload.payload,
    headers: { ...upload.headers, ...t.bearer(manager.token) },
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ kind: "image", status: "queued" });
  await t.app.jobs.runDue();
  const sent = cloud.sent.at(-1)?.body as { type: string; image: { link: string } };
  expect(sent.type).toBe("image");
  expect(sent.image.link).toBe(`https://example.sa${res.json().mediaUrl}`);

  const body = multipartFile("file", "notes.txt", "text/plain", Buffer.from("hello"));
  const refused = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/files`,
    payload: body.payload,
    headers: { ...body.headers, ...t.bearer(manager.token) },
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().fields.file).toMatch(/[\u0600-\u06FF]/);
});
