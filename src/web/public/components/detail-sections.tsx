/**
 * The two closing sections that the project page (SPEC §2.6) and the update page (§2.7) share: the map at zoom 16
 * (only with coordinates, resolution 10) and the contact form "استفسر عن المشروع" with its project-page texts
 * (§8.4). The update page's form submits like the project page's (resolution 3).
 */

import type { CSSProperties } from "react";
import { TEXTS } from "#domain/texts.ts";
import { ContactForm } from "~/public/widgets/contact-form/contact-form.tsx";
import { MapEmbed } from "./map-embed.tsx";

/** "موقع المشروع" with the embedded map; renders nothing without both coordinates. */
/**
 * Inline style of a part of a detail page below its first screen: laid out and painted only when it comes near the
 * screen (content-visibility), with `heightRem` reserved until then and its last rendered height kept once seen.
 * Inline, so it holds from the first layout, whatever part of the page's CSS has been read by then (the head holds only
 * the first screen's rules, server/pages/critical-css.ts): each layout of the page while it loads and when the web font
 * comes in then covers the first screen, not the whole page (on a 2-core machine a layout of the whole project page
 * took 45–68 ms, 4× that on a throttled phone: docs/performance/web.md).
 */
export function renderWhenNear(heightRem: number): CSSProperties {
  return { contentVisibility: "auto", containIntrinsicSize: `auto ${heightRem}rem` };
}

export function ProjectMapSection({
  latitude,
  longitude,
  name,
}: {
  latitude: number | null;
  longitude: number | null;
  name: string;
}) {
  if (latitude === null || longitude === null) return null;
  return (
    // Laid out, and its map frame requested, only when it comes near the screen: the frame is another site's page
    // (a connection, a document and its scripts) that a phone otherwise fetches before the first paint, since the
    // section lies within the browser's lazy-loading distance. An inline style: it holds before any stylesheet
    // arrives (the first paint inlines only the first screen's rules, server/pages/critical-css.ts).
    <section aria-labelledby="map-title" className="grid grid-cols-1 gap-4" style={renderWhenNear(32)}>
      <h2 id="map-title" className="text-2xl font-bold text-ink">
        موقع المشروع
      </h2>
      <MapEmbed latitude={latitude} longitude={longitude} name={name} />
    </section>
  );
}

/** The enquiry section (id "contact", the floating shortcut's target) about `projectName`. */
export function ProjectContactSection({ projectName, idPrefix }: { projectName: string; idPrefix: string }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="grid scroll-mt-24 gap-6 rounded-3xl bg-surface p-6 ring-1 ring-black/5 sm:p-8"
      style={renderWhenNear(44)}
    >
      <div className="grid gap-2">
        <h2 id="contact-title" className="text-2xl font-bold text-ink">
          استفسر عن المشروع
        </h2>
        <p className="text-muted">{`أرسل استفسارك عن ${projectName} وسيتواصل معك فريق المبيعات.`}</p>
      </div>
      <ContactForm
        variant="detail"
        successText={TEXTS.projectContactSuccess}
        errorText={TEXTS.projectContactError}
        idPrefix={idPrefix}
      />
    </section>
  );
}
