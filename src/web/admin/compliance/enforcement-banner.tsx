/**
 * The staff banner of the upgrade's grace period (docs/compliance.md "Upgrade without going dark"): while
 * `compliance.enforceFrom` is still in the future, holders of compliance.view see across every admin screen how many
 * projects, campaigns and units will go offline for visitors on that day unless their licence is entered, with their
 * names and a link to «الامتثال والتراخيص». Reads GET /api/compliance (the screen's query); nothing shows while it
 * loads, on an error, once enforcement has started, or when nothing would go offline.
 */
import { Link } from "react-router";
import { countNoun, formatDateLong, NOUNS } from "#domain/format.ts";
import { riyadhDayStart } from "#domain/licence.ts";
import { WarningBanner } from "~/admin/common/warning-banner.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { useCompliance } from "./api.ts";

export const ENFORCEMENT_BANNER_TEXTS = {
  title: "تراخيص إعلان مفقودة",
  body: (count: string, day: string) => `${count}: سيتوقف عرضها للزوار ابتداءً من ${day} إن لم يُسجّل ترخيص الإعلان.`,
  show: "ما سيتوقف عرضه",
  link: "الامتثال والتراخيص",
} as const;

export function EnforcementBanner() {
  const user = useCurrentUser();
  const allowed = userCan(user, "compliance.view");
  const query = useCompliance({ enabled: allowed });
  const report = query.data;
  if (!allowed || !report?.enforceFrom || report.enforceFrom <= report.today) return null;
  const pending = report.rows.filter((row) => row.willGoOffline);
  if (pending.length === 0) return null;
  return (
    <WarningBanner id="enforcement-banner-title" title={ENFORCEMENT_BANNER_TEXTS.title}>
      <p className="mt-1">
        {ENFORCEMENT_BANNER_TEXTS.body(
          countNoun(pending.length, NOUNS.record),
          formatDateLong(riyadhDayStart(report.enforceFrom)),
        )}{" "}
        <Link to="/admin/compliance" className="font-bold text-brand-700 underline underline-offset-4">
          {ENFORCEMENT_BANNER_TEXTS.link}
        </Link>
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer font-bold text-brand-700">{ENFORCEMENT_BANNER_TEXTS.show}</summary>
        <ul className="mt-1 list-inside list-disc">
          {pending.map((row) => (
            <li key={`${row.entityType}-${row.id}`}>
              {row.entityType === "project" ? row.name : `${row.name} (${row.projectName})`}
            </li>
          ))}
        </ul>
      </details>
    </WarningBanner>
  );
}
