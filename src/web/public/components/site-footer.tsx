/**
 * The public footer (SPEC §2.2): company logos, navigation, social links, the address in Arabic and English,
 * phone (+966 form, dialled with tel:), e-mail, commercial registration and licence numbers when configured,
 * and the copyright line for the configured year.
 */
import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { arabicIndicDigits, formatYear } from "#domain/format.ts";
import { brandRasterPath, brandRasterSrcSet, type SiteConfig } from "#domain/site-config.ts";
import type { SiteLinks } from "~/root.tsx";

/** Arabic names of the social networks, used as link text and accessible names. */
export const SOCIAL_LABELS: Record<keyof SiteConfig["social"], string> = {
  x: "إكس (تويتر سابقاً)",
  instagram: "إنستغرام",
  snapchat: "سناب شات",
  tiktok: "تيك توك",
  linkedin: "لينكد إن",
  youtube: "يوتيوب",
};

export const FOOTER_LINKS = [
  { to: "/", label: "الرئيسية" },
  { to: "/all-projects", label: "المشاريع" },
  { to: "/all-updates", label: "آخر التحديثات" },
  { to: "/#contact", label: "تواصل معنا" },
] as const;

/**
 * Props: the whole site configuration and the company phone as the root loader formats it (+966 display form and
 * tel: link), so the phone-number library stays on the server.
 */
export function SiteFooter({ site, phone }: { site: SiteConfig; phone: SiteLinks["phone"] }) {
  const socials = (Object.keys(SOCIAL_LABELS) as (keyof SiteConfig["social"])[]).filter((key) => site.social[key]);
  return (
    // Below the first screen on every page but the shortest: laid out, and its logos requested, only near the screen.
    // Reserved height as measured: about 64rem on a phone, 37rem from 768 px (public.css, render-when-near).
    <footer className="render-when-near bg-brand-900 text-brand-50 [--near-size:64rem] md:[--near-size:37rem]">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div className="grid content-start gap-4">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="text-sm leading-relaxed">{site.description}</p>
          {site.footerLogos.length > 0 && (
            <ul className="flex flex-wrap items-center gap-3">
              {site.footerLogos.map((logo, index) => (
                <li key={logo.name} className="rounded-lg bg-white p-2">
                  {/* The server's WebP rasters, not the file: an SVG <img> is an SVG document built on the page's main thread. */}
                  <img
                    src={brandRasterPath("footer", index, 40)}
                    srcSet={brandRasterSrcSet("footer", index)}
                    alt={logo.name}
                    width={120}
                    height={40}
                    loading="lazy"
                    className="h-10 w-auto"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav aria-label="روابط الموقع" className="grid content-start gap-3">
          <h2 className="font-bold text-white">روابط سريعة</h2>
          <ul className="grid gap-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {socials.length > 0 && (
            <>
              <h2 className="mt-4 font-bold text-white">تابعنا</h2>
              <ul className="flex flex-wrap gap-2">
                {socials.map((key) => (
                  <li key={key}>
                    <a
                      href={site.social[key]}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-10 items-center rounded-full border border-white/25 px-3 text-sm hover:bg-white/10"
                    >
                      {SOCIAL_LABELS[key]}
                      <span className="sr-only"> (يفتح في نافذة جديدة)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </nav>

        <div className="grid content-start gap-3">
          <h2 className="font-bold text-white">تواصل معنا</h2>
          <address className="grid gap-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="grid gap-1">
                <span>{arabicIndicDigits(site.address.ar)}</span>
                <span lang="en" dir="ltr" className="text-end text-brand-100">
                  {site.address.en}
                </span>
              </span>
            </p>
            <p className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <a href={phone.href} dir="ltr" className="hover:text-white hover:underline">
                {phone.display}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <a href={`mailto:${site.email}`} dir="ltr" className="hover:text-white hover:underline">
                {site.email}
              </a>
            </p>
          </address>
          {(site.commercialRegistration || site.licenseNumber) && (
            <dl className="grid gap-1 text-sm">
              {site.commercialRegistration && (
                <div className="flex gap-2">
                  <dt>السجل التجاري:</dt>
                  <dd data-latin-digits="registration">{site.commercialRegistration}</dd>
                </div>
              )}
              {site.licenseNumber && (
                <div className="flex gap-2">
                  <dt>رقم الترخيص:</dt>
                  <dd data-latin-digits="licence">{site.licenseNumber}</dd>
                </div>
              )}
            </dl>
          )}
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* Bottom padding: the page can scroll its last line clear of the fixed WhatsApp button and the shortcuts above it (144 px). */}
        <p className="mx-auto max-w-6xl px-4 pt-4 pb-36 text-center text-sm">
          {`© ${formatYear(site.copyrightYear)} ${site.name}. جميع الحقوق محفوظة.`}
        </p>
      </div>
    </footer>
  );
}
