/**
 * Available units of the project page (SPEC §2.6, §4.7): a statistics block (countUnits), filter links
 * الكل/متاحة/محجوزة/مباعة, 3 units shown, "المزيد" adds 3, "إخفاء" collapses to 3, a filter change resets to 3.
 * The view lives in the URL (public/lib/units-view.ts): each link loads the page with its `#units` anchor.
 */
import { Link, useSearchParams } from "react-router";
import { formatFloor, formatNumber, formatSAR } from "#domain/format.ts";
import { countUnits } from "#domain/project-rules.ts";
import type { Unit } from "#domain/types.ts";
import {
  nextUnitsView,
  parseUnitsView,
  UNIT_FILTER_LABELS,
  UNIT_FILTER_ORDER,
  unitsViewHref,
  visibleUnits,
} from "~/public/lib/units-view.ts";
import { cx } from "~/shared/lib/cx.ts";

const STATUS_STYLE: Record<string, string> = {
  متاحة: "bg-success/10 text-success",
  محجوزة: "bg-warning/10 text-warning",
  مباعة: "bg-danger/10 text-danger",
};

/** The statistics block: total, available, reserved and sold counts. */
export function UnitStats({ units }: { units: readonly Unit[] }) {
  const counts = countUnits(units);
  const items = [
    { label: "إجمالي الوحدات", value: counts.total, className: "text-ink" },
    { label: "متاحة", value: counts.available, className: "text-success" },
    { label: "محجوزة", value: counts.reserved, className: "text-warning" },
    { label: "مباعة", value: counts.sold, className: "text-danger" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-2xl bg-canvas p-4 text-center">
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className={cx("mt-1 text-2xl font-bold", item.className)}>{formatNumber(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function UnitCard({ unit }: { unit: Unit }) {
  const details = [
    unit.building ? { label: "المبنى", value: unit.building, identifier: true } : null,
    unit.floor !== null ? { label: "الدور", value: formatFloor(unit.floor) } : null,
    unit.rooms !== null ? { label: "الغرف", value: formatNumber(unit.rooms) } : null,
    unit.totalArea !== null ? { label: "المساحة", value: `${formatNumber(unit.totalArea)} م²` } : null,
    unit.direction.length ? { label: "الواجهة", value: unit.direction.join("، ") } : null,
  ].filter((d): d is { label: string; value: string; identifier?: boolean } => d !== null);
  return (
    <article className="grid gap-3 rounded-2xl bg-surface p-4 ring-1 ring-black/10">
      <div className="flex items-center justify-between gap-2">
        {/* The unit number and the building are identifiers a buyer copies: Latin, isolated from the Arabic around
            them, the same on both (ARCHITECTURE resolution 11); floor, rooms and area are counts. */}
        <h3 className="font-bold text-ink">
          وحدة رقم{" "}
          <bdi data-latin-digits="unit" dir="ltr">
            {unit.unitNumber}
          </bdi>
        </h3>
        <span
          className={cx("rounded-full px-3 py-1 text-xs font-bold", STATUS_STYLE[unit.status] ?? "bg-canvas text-ink")}
        >
          {unit.status}
        </span>
      </div>
      {details.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {details.map((d) => (
            <div key={d.label} className="flex gap-1.5">
              <dt className="text-muted">{`${d.label}:`}</dt>
              <dd className="font-medium text-ink">
                {d.identifier ? (
                  <bdi data-latin-digits="unit" dir="ltr">
                    {d.value}
                  </bdi>
                ) : (
                  d.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {unit.price !== null && unit.price > 0 && <p className="font-bold text-brand-700">{formatSAR(unit.price)}</p>}
    </article>
  );
}

/** Props: the project's units (already loaded) and whether loading them failed. */
export function UnitsSection({ units, error }: { units: Unit[]; error?: boolean }) {
  const [searchParams] = useSearchParams();
  const view = parseUnitsView(searchParams);
  const visible = visibleUnits(units, view);
  const linkClass =
    "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-bold ring-1 ring-brand-600 transition-colors";

  if (error) {
    return (
      <p role="alert" className="rounded-2xl bg-surface p-6 text-center text-danger">
        تعذّر تحميل الوحدات. يرجى إعادة تحميل الصفحة.
      </p>
    );
  }
  if (units.length === 0) {
    return (
      <p className="rounded-2xl bg-surface p-6 text-center text-muted">لا توجد وحدات معروضة لهذا المشروع حالياً.</p>
    );
  }

  return (
    <div className="grid gap-5">
      <UnitStats units={units} />
      <nav aria-label="تصفية الوحدات">
        <ul className="flex flex-wrap gap-2">
          {UNIT_FILTER_ORDER.map((filter) => {
            const active = view.filter === filter;
            return (
              <li key={filter}>
                <Link
                  to={unitsViewHref(searchParams, nextUnitsView(view, { type: "filter", filter }))}
                  preventScrollReset
                  replace
                  aria-current={active ? "true" : undefined}
                  className={cx(
                    linkClass,
                    active ? "bg-brand-700 text-white" : "bg-surface text-brand-700 hover:bg-brand-50",
                  )}
                >
                  {UNIT_FILTER_LABELS[filter]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p role="status" className="text-sm text-muted">
        {`الوحدات المعروضة: ${formatNumber(visible.shown.length)} من ${formatNumber(visible.matching)}`}
      </p>
      {visible.shown.length === 0 ? (
        <p className="rounded-2xl bg-surface p-6 text-center text-muted">لا توجد وحدات بهذه الحالة.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visible.shown.map((unit) => (
            <li key={unit.id}>
              <UnitCard unit={unit} />
            </li>
          ))}
        </ul>
      )}
      {(visible.canShowMore || visible.canCollapse) && (
        <div className="flex flex-wrap justify-center gap-3">
          {visible.canShowMore && (
            <Link
              to={unitsViewHref(searchParams, nextUnitsView(view, { type: "more" }))}
              preventScrollReset
              replace
              className={cx(linkClass, "bg-brand-700 text-white hover:bg-brand-900")}
            >
              المزيد
            </Link>
          )}
          {visible.canCollapse && (
            <Link
              to={unitsViewHref(searchParams, nextUnitsView(view, { type: "collapse" }))}
              preventScrollReset
              replace
              className={cx(linkClass, "bg-surface text-brand-700 hover:bg-brand-50")}
            >
              إخفاء
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
