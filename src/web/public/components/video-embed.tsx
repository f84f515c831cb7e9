/**
 * The optional video of the detail pages (SPEC §2.6, §2.7): a YouTube link plays in a privacy-enhanced embed without
 * autoplay (lazy iframe); an uploaded or direct file plays in the native player (controls: play/pause, mute,
 * full-screen), loading nothing until played.
 */
import { videoSource } from "~/public/lib/media-embed.ts";

/** Props: the stored video URL and an Arabic title for the frame. Renders nothing for an unusable URL. */
export function VideoEmbed({ url, title }: { url: string | null; title: string }) {
  const source = videoSource(url);
  if (!source) return null;
  return (
    <div className="aspect-video overflow-hidden rounded-3xl bg-black">
      {source.kind === "youtube" ? (
        <iframe
          src={source.embedUrl}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      ) : (
        // Uploaded tours carry no caption file yet (the admin has no caption upload); the track element is where
        // one will go. Follow-up: caption upload in the back office.
        <video controls preload="none" playsInline src={source.url} className="size-full" aria-label={title}>
          <track kind="captions" />
        </video>
      )}
    </div>
  );
}
