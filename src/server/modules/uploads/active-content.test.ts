/**
 * Uploads carry no active content and are what they claim (ARCHITECTURE security model, uploads): the attack corpus
 * is generated here (small PDFs written byte by byte, one with its action inside a compressed object stream).
 * A PDF passes only when the parser opens it and no object holds JavaScript, launch, embedded files, XFA or
 * auto-actions, names decoded; the image endpoint checks the kind before it looks for a stored duplicate.
 */
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { inspectPdf } from "./pdf.ts";
import { UPLOAD_MESSAGES } from "./service.ts";

/** A PDF from object bodies (object n is bodies[n-1]); object 1 is the catalogue, 2 the page tree. */
function pdf(bodies: string[], extra: Buffer[] = []): Buffer {
  const objects = bodies.map((body, i) => Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1"));
  return Buffer.concat([
    Buffer.from("%PDF-1.7\n", "latin1"),
    ...objects,
    ...extra,
    Buffer.from("trailer\n<</Root 1 0 R>>\n%%EOF\n", "latin1"),
  ]);
}

const PAGES = "<</Type /Pages /Kids [] /Count 0>>";
const CLEAN = pdf(["<</Type /Catalog /Pages 2 0 R>>", PAGES]);

/** A PDF whose object 3 (the OpenAction) sits inside a FlateDecode object stream (object 4). */
function withObjectStream(action: string): Buffer {
  const inner = Buffer.from(`3 0 ${action}`, "latin1");
  const data = deflateSync(inner);
  const stream = Buffer.concat([
    Buffer.from(`4 0 obj\n<</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length}>>\nstream\n`),
    data,
    Buffer.from("\nendstream\nendobj\n"),
  ]);
  return pdf(["<</Type /Catalog /Pages 2 0 R /OpenAction 3 0 R>>", PAGES], [stream]);
}

/** The attack corpus: every entry must be refused as active content. */
const ACTIVE: Record<string, Buffer> = {
  "hex-escaped JavaScript name": pdf([
    "<</Type /Catalog /Pages 2 0 R /OpenAction 3 0 R>>",
    PAGES,
    "<</S /J#61vaScript /J#53 (app.alert(1))>>",
  ]),
  "hex-escaped Launch": pdf([
    "<</Type /Catalog /Pages 2 0 R /OpenAction 3 0 R>>",
    PAGES,
    "<</S /L#61unch /F (calc.exe)>>",
  ]),
  "JavaScript inside a compressed object stream": withObjectStream("<</S /JavaScript /JS (app.alert(1))>>"),
  "Launch inside a compressed object stream": withObjectStream("<</S /Launch /F (cmd.exe)>>"),
  "XFA form": pdf(["<</Type /Catalog /Pages 2 0 R /AcroForm <</Fields [] /XFA 3 0 R>>>>", PAGES, "<<>>"]),
  "embedded file": pdf([
    "<</Type /Catalog /Pages 2 0 R /Names <</EmbeddedFiles <</Names [(a.exe) 3 0 R]>>>>>>",
    PAGES,
    "<</Type /Filespec /F (a.exe)>>",
  ]),
  "auto-action on the catalogue": pdf(["<</Type /Catalog /Pages 2 0 R /AA <</WC 3 0 R>>>>", PAGES, "<<>>"]),
  "document-level JavaScript name tree": pdf([
    "<</Type /Catalog /Pages 2 0 R /Names <</JavaScript 3 0 R>>>>",
    PAGES,
    "<</Names [(x) <</S /JavaScript /JS (1)>>]>>",
  ]),
};

describe("PDF inspection", () => {
  it("accepts a clean document and refuses every entry of the attack corpus", async () => {
    expect(await inspectPdf(CLEAN)).toBe("ok");
    for (const [name, bytes] of Object.entries(ACTIVE)) {
      expect(await inspectPdf(bytes), name).toBe("active");
    }
  });

  it("refuses HTML after a %PDF- header and an encrypted document", async () => {
    expect(await inspectPdf(Buffer.from("%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n"))).toBe("invalid");
    const encrypted = Buffer.from(
      CLEAN.toString("latin1").replace("<</Root 1 0 R>>", "<</Root 1 0 R /Encrypt <</Filter /Standard /V 1>>>>"),
      "latin1",
    );
    expect(await inspectPdf(encrypted)).toBe("encrypted");
  });
});

describe("upload endpoints", () => {
  const t = setUpTestApp();
  const employee = signedIn(t, "employee");

  function upload(url: string, field: string, name: string, data: Buffer) {
    const boundary = "corpusboundary";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { ...t.bearer(employee.token), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  }

  it("refuses each PDF of the attack corpus with 400 in Arabic", async () => {
    for (const [name, bytes] of Object.entries(ACTIVE)) {
      const res = await upload("/api/upload/pdf", "pdf", "a.pdf", bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields.pdf).toBe(UPLOAD_MESSAGES.pdfActive);
    }
    const html = await upload("/api/upload/pdf", "pdf", "a.pdf", Buffer.from("%PDF-1.4\n<html></html>\n%%EOF\n"));
    expect(html.statusCode).toBe(400);
    expect(html.json().fields.pdf).toBe(UPLOAD_MESSAGES.pdfInvalid);
  });

  it("does not hand out a stored PDF from the image endpoint", async () => {
    const stored = await upload("/api/upload/pdf", "pdf", "clean.pdf", CLEAN);
    expect(stored.statusCode).toBe(200);
    const again = await upload("/api/upload/image", "image", "clean.png", CLEAN);
    expect(again.statusCode).toBe(400);
    expect(again.body).not.toContain(stored.json().url);
    const many = await upload("/api/upload/images", "images", "clean.png", CLEAN);
    expect(many.statusCode).toBe(400);
    expect(many.body).not.toContain(stored.json().url);
  });
});
