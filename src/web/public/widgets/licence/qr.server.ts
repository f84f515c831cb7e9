/**
 * The licence QR code, drawn on the server (docs/compliance.md): the `qrcode` package's SVG of the verification URL,
 * reduced to its viewBox size and the dark modules' path, so the page carries no script and no image request.
 * Output: LicenceQr, or null without a URL or when the URL cannot be encoded.
 */
import QRCode from "qrcode";
import type { LicenceQr } from "./contract.ts";

export async function licenceQr(url: string | null | undefined): Promise<LicenceQr | null> {
  if (!url) return null;
  try {
    const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    const size = /viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1];
    const path = /<path stroke="[^"]*" d="([^"]+)"/.exec(svg)?.[1];
    return size && path ? { size: Number(size), path, url } : null;
  } catch {
    return null;
  }
}
