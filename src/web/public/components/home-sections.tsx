/** Static sections of the home page: about (SPEC §2.3 section 2) and guarantees (section 3, SPEC §9). */
import { Award, Droplets, ShieldCheck, Zap } from "lucide-react";
import { HOME_GUARANTEES } from "#domain/constants.ts";
import { formatNumber } from "#domain/format.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { yearsText } from "~/public/lib/project-display.ts";

/** Props: the `about` block of the site configuration (title, paragraphs, services, experienceYears = 22). */
export function AboutSection({ about }: { about: SiteConfig["about"] }) {
  return (
    <section id="about" aria-labelledby="about-title" className="render-when-near scroll-mt-24 bg-surface py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[1fr_2fr] lg:items-center">
        <div className="grid place-items-center gap-2 rounded-3xl bg-brand-50 p-8 text-center">
          <Award aria-hidden="true" className="size-12 text-brand-600" />
          <p className="text-5xl font-bold text-brand-700">{formatNumber(about.experienceYears)}</p>
          <p className="text-lg font-bold text-ink">عاماً من الخبرة</p>
        </div>
        <div className="grid gap-6">
          <h2 id="about-title" className="text-3xl font-bold text-ink">
            {about.title}
          </h2>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-lg leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
          <ul className="grid gap-4 sm:grid-cols-3">
            {about.services.map((service) => (
              <li key={service.title} className="rounded-2xl bg-canvas p-5">
                <h3 className="font-bold text-brand-700">{service.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{service.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

const GUARANTEE_DISPLAY: Record<(typeof HOME_GUARANTEES)[number]["key"], { label: string; Icon: typeof ShieldCheck }> =
  {
    structure: { label: "الهيكل الإنشائي", Icon: ShieldCheck },
    plumbing: { label: "السباكة", Icon: Droplets },
    electrical: { label: "الكهرباء", Icon: Zap },
  };

/** The three guarantees: 20 years structure, 5 plumbing, 5 electrical. */
export function GuaranteesSection() {
  return (
    <section aria-labelledby="guarantees-title" className="render-when-near bg-brand-700 py-16 text-white">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="guarantees-title" className="text-center text-3xl font-bold">
          ضماناتنا
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {HOME_GUARANTEES.map((g) => {
            const { label, Icon } = GUARANTEE_DISPLAY[g.key];
            return (
              <li key={g.key} className="grid place-items-center gap-3 rounded-2xl bg-white/10 p-6 text-center">
                <Icon aria-hidden="true" className="size-10 text-accent-400" />
                <p className="text-3xl font-bold">{yearsText(g.years)}</p>
                <p className="text-lg">{`ضمان ${label}`}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
