/**
 * /privacy: the privacy notice (Saudi PDPL, docs/product.md §10.2). Its text lives in the site configuration (config/site.json
 * `privacy`), so the company edits it without a code change; the version shown is the one stored with each lead's
 * consent.
 */
import { arabicIndicDigits } from "#domain/format.ts";
import { pageMeta } from "~/public/lib/page-meta.ts";
import { useSite } from "~/root.tsx";
import type { Route } from "./+types/privacy";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: "إشعار الخصوصية",
    description: "كيف نجمع بياناتك ونستخدمها ونحفظها عند تواصلك معنا.",
  });
}

export default function PrivacyPage() {
  const site = useSite();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">إشعار الخصوصية</h1>
      <p className="mt-2 text-sm text-muted">
        {/* A version is read, not typed: Arabic-Indic digits (ARCHITECTURE resolution 11). */}
        الإصدار: <bdi>{arabicIndicDigits(site.privacy.version)}</bdi>
      </p>
      <div className="mt-8 grid gap-4 text-lg leading-8 text-ink">
        {site.privacy.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <p className="mt-8 rounded-2xl bg-surface p-4 text-ink">
        للاستفسار أو لطلب الاطلاع على بياناتك أو تصحيحها أو حذفها:{" "}
        <a href={`mailto:${site.email}`} dir="ltr" className="font-medium text-brand-700 underline underline-offset-4">
          {site.email}
        </a>
      </p>
    </article>
  );
}
