/**
 * For page loaders (docs/compliance.md): whether an API answer is a visitor's read refused because the licence does
 * not allow advertising (404 with the licence-offline header); the page then answers 410 with LicenceOffline.
 */
import { LICENCE_OFFLINE_HEADER } from "#domain/licence.ts";

/** The status a page answers when its record is unlicensed. */
export const LICENCE_OFFLINE_STATUS = 410;

export function isLicenceOffline(response: Response): boolean {
  return response.status === 404 && response.headers.has(LICENCE_OFFLINE_HEADER);
}
