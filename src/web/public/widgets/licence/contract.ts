/**
 * The licence widget's contract (docs/compliance.md): it has no behaviour (no island; the QR is drawn on the server),
 * so the contract is the data-attributes tests and the page budget checks read.
 */

/** The widget's name (its folder). */
export const LICENCE_WIDGET = "licence";
/** On the licence block's root: the state of the licence shown («valid» or «expiring»). */
export const LICENCE_STATE_ATTRIBUTE = "data-licence-state";
/** On each licence number (ARCHITECTURE resolution 11: Latin digits, like what users copy). */
export const LATIN_DIGITS_ATTRIBUTE = "data-latin-digits";

/** A QR code drawn as one SVG path (qr.server.ts): its square viewBox size and the dark modules' path. */
export interface LicenceQr {
  size: number;
  path: string;
  /** The URL the code holds (also the link under it). */
  url: string;
}
