/**
 * The project page's mandatory disclosures (docs/compliance.md, config/compliance.json rule "mandatory-disclosures"):
 * location (city, district, plot), area, title deed number, rights/restrictions/disputes («لا يوجد» when none), the
 * advertiser's name and capacity, and for an off-plan project its escrow bank and account name. Markup without hooks;
 * `advertiserOf` and `extraLicences` are the pure helpers the pages use to fill the licence block.
 */
import type { SiteConfig } from "#domain/site-config.ts";
import type { Project } from "#domain/types.ts";
import { areaText } from "~/public/lib/project-display.ts";
import { LATIN_DIGITS_ATTRIBUTE } from "./contract.ts";
import type { Advertiser, ExtraLicence } from "./licence.tsx";

/** The advertiser of the site configuration: `advertiser.name` or the company's name, and the capacity. */
export function advertiserOf(site: Pick<SiteConfig, "name" | "advertiser">): Advertiser {
  return { name: site.advertiser?.name ?? site.name, capacity: site.advertiser?.capacity ?? null };
}

/** The project's licence numbers besides the one it is advertised under: the other kind, and the broker's FAL. */
export function extraLicences(project: Project): ExtraLicence[] {
  const out: ExtraLicence[] = [];
  const { licence } = project;
  if (licence.source === "project" && licence.kind === "offplan" && project.advertisingLicenseNumber) {
    out.push({ label: "رقم ترخيص الإعلان", number: project.advertisingLicenseNumber });
  }
  if (licence.source === "project" && licence.kind === "advertising" && project.wafiLicenseNumber) {
    out.push({ label: "رقم ترخيص البيع على الخارطة", number: project.wafiLicenseNumber });
  }
  if (project.falLicenseNumber) out.push({ label: "رقم رخصة فال", number: project.falLicenseNumber });
  return out;
}

function Row({ label, value, latin = false }: { label: string; value: string; latin?: boolean }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="font-medium text-ink">
        {latin ? <bdi {...{ [LATIN_DIGITS_ATTRIBUTE]: "licence" }}>{value}</bdi> : value}
      </dd>
    </div>
  );
}

/** The disclosures list of the project page's information section. */
export function ProjectDisclosures({ project, advertiser }: { project: Project; advertiser: Advertiser }) {
  const place = [project.city, project.district].filter(Boolean).join("، ");
  const area = areaText(project);
  return (
    <div className="grid gap-3" data-widget="disclosures">
      <h3 className="font-bold text-ink">بيانات الإفصاح</h3>
      <dl className="grid gap-2 text-sm">
        {place && <Row label="الموقع" value={place} />}
        {project.plotNumber && <Row label="رقم القطعة" value={project.plotNumber} latin />}
        {area && <Row label="المساحة" value={area} />}
        {project.titleDeedNumber && <Row label="رقم الصك" value={project.titleDeedNumber} latin />}
        <Row label="الحقوق والالتزامات والنزاعات" value={project.rightsAndRestrictions} />
        {project.saleMode === "offplan" && project.escrowBank && (
          <Row label="بنك حساب الضمان" value={project.escrowBank} />
        )}
        {project.saleMode === "offplan" && project.escrowAccountName && (
          <Row label="اسم حساب الضمان" value={project.escrowAccountName} />
        )}
        <Row
          label="المعلن"
          value={advertiser.capacity ? `${advertiser.name} (${advertiser.capacity})` : advertiser.name}
        />
      </dl>
    </div>
  );
}
