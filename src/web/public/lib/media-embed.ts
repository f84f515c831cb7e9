/**
 * Video and map embeds of the detail pages (SPEC §2.6, §2.7, §9; ARCHITECTURE resolution 10).
 */
import { HOSTED_VIDEO_ID_LENGTH, MAP_ZOOM } from "#domain/constants.ts";

export type VideoSource =
  | { kind: "youtube"; id: string; embedUrl: string; thumbnailUrl: string }
  | { kind: "file"; url: string };

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "www.youtube-nocookie.com",
]);
const VIDEO_ID = new RegExp(`^[A-Za-z0-9_-]{${HOSTED_VIDEO_ID_LENGTH}}$`);
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)(\?.*)?$/i;

/**
 * The 11-character id of a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/, /live/), or null.
 */
export function youtubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  let candidate: string | null = null;
  if (url.hostname.toLowerCase() === "youtu.be") candidate = url.pathname.split("/")[1] ?? null;
  else if (url.pathname === "/watch") candidate = url.searchParams.get("v");
  else {
    const match = /^\/(embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
    candidate = match ? match[2] : null;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * How to play a project or update video: a YouTube link becomes a privacy-enhanced embed without autoplay;
 * an uploaded or direct file (/media/… or a known video extension over https) plays in the native player;
 * anything else is not shown (null).
 */
export function videoSource(link: string | null | undefined): VideoSource | null {
  if (!link) return null;
  const id = youtubeId(link);
  if (id) {
    return {
      kind: "youtube",
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0`,
      thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    };
  }
  if (link.startsWith("/media/") || (/^https:\/\//.test(link) && VIDEO_FILE.test(link))) {
    return { kind: "file", url: link };
  }
  return null;
}

/** Assumed embed frame size in CSS px, used to turn zoom 16 into an OpenStreetMap bounding box. */
const FRAME = { width: 800, height: 450 } as const;

/**
 * OpenStreetMap embed URL centred on (latitude, longitude) with a marker, with the bounding box that shows
 * about the area of web-map zoom `zoom` (SPEC §9: 16) in an 800×450 frame. Null without valid coordinates.
 */
export function osmEmbedUrl(latitude: number | null, longitude: number | null, zoom: number = MAP_ZOOM): string | null {
  if (latitude === null || longitude === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 85 || Math.abs(longitude) > 180) return null;
  // Degrees of longitude per CSS pixel at this zoom (256 px tiles); latitude shrinks by cos(lat) (Mercator).
  const degPerPx = 360 / (256 * 2 ** zoom);
  const halfLon = (FRAME.width / 2) * degPerPx;
  const halfLat = (FRAME.height / 2) * degPerPx * Math.cos((latitude * Math.PI) / 180);
  const round = (n: number) => n.toFixed(6);
  const bbox = [longitude - halfLon, latitude - halfLat, longitude + halfLon, latitude + halfLat].map(round).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${round(latitude)},${round(longitude)}`;
}

/** A link that opens the same place on openstreetmap.org at the same zoom. */
export function osmLink(latitude: number, longitude: number, zoom: number = MAP_ZOOM): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
