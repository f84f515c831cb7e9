/**
 * The operator's warning (docs/operations.md "Example values"): while the site configuration still holds example
 * values (example.com addresses, +9665000000… numbers, placeholder registration numbers) that buyers see on the
 * public site, staff who can act on it (permissions.manage: super_admin and managers) see a banner on every admin
 * screen naming each setting, its current value and where to set it. The server finds the values
 * (GET /api/site/example-values, the same list `npm start` prints); nothing shows while it loads, on an error, or
 * when everything is set.
 */
import { ChevronDownIcon } from "lucide-react";
import { countNoun, NOUNS } from "#domain/format.ts";
import { WarningBanner } from "~/admin/common/warning-banner.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { useSiteExampleValues } from "./api.ts";

export const EXAMPLE_VALUES_TEXTS = {
  title: "بيانات الموقع ما زالت تجريبية",
  count: (n: number) => `(${countNoun(n, NOUNS.value)})`,
  intro: "يرى الزوار هذه القيم التجريبية على الموقع العام. اضبطها في ملف إعدادات الموقع",
  restart: "ثم أعد تشغيل الخادم.",
  view: "عرض الموقع العام",
  show: "القيم وأين تُضبط",
} as const;

export function ExampleValuesBanner() {
  const user = useCurrentUser();
  const allowed = userCan(user, "permissions.manage");
  const query = useSiteExampleValues(allowed);
  const values = query.data?.values ?? [];
  if (!allowed || values.length === 0) return null;
  return (
    <WarningBanner id="example-values-title" title={EXAMPLE_VALUES_TEXTS.title}>
      <details className="group mt-1">
        <summary className="flex cursor-pointer list-none items-center gap-1 font-bold text-brand-700 [&::-webkit-details-marker]:hidden">
          {EXAMPLE_VALUES_TEXTS.show} {EXAMPLE_VALUES_TEXTS.count(values.length)}
          <ChevronDownIcon aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <p className="mt-1">
          {EXAMPLE_VALUES_TEXTS.intro}{" "}
          <bdi>
            <code className="rounded bg-amber-100 px-1">{query.data?.file}</code>
          </bdi>{" "}
          {EXAMPLE_VALUES_TEXTS.restart}{" "}
          <a href="/" target="_blank" rel="noreferrer" className="font-bold text-brand-700 underline">
            {EXAMPLE_VALUES_TEXTS.view}
          </a>
        </p>
        <ul className="mt-2 flex flex-col gap-1">
          {values.map((item) => (
            <li key={item.path} className="flex min-w-0 flex-wrap gap-x-2">
              <span className="font-bold">{item.label}:</span>
              <bdi className="min-w-0 break-all" dir="ltr">
                {item.value}
              </bdi>
            </li>
          ))}
        </ul>
      </details>
    </WarningBanner>
  );
}
