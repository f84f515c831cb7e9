/**
 * Floating shortcut buttons of the detail pages (SPEC §2.6, §2.7): jump to sections by their anchor ids.
 * They sit at the bottom inline-end corner (bottom left in RTL), stacked above the WhatsApp button, where no
 * right-to-left line starts; below the `sm` breakpoint (phones, 360–430 px) they collapse into one
 * "اختصارات" control (a native <details>, so it works without JavaScript) that opens the list upwards.
 */
import { ListTree, type LucideIcon } from "lucide-react";
import { dataProps } from "~/public/islands/contract.ts";
import { FLOATING } from "~/public/widgets/floating/contract.ts";
import { SHORTCUTS } from "./contract.ts";

export interface Shortcut {
  /** Anchor id of the target section (without #). */
  target: string;
  label: string;
  Icon: LucideIcon;
}

const buttonClass =
  "grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-900";

function ShortcutList({ items }: { items: Shortcut[] }) {
  return (
    <ul className="grid gap-2">
      {items.map(({ target, label, Icon }) => (
        <li key={target}>
          <a href={`#${target}`} title={label} className={buttonClass}>
            <Icon aria-hidden="true" className="size-5" />
            <span className="sr-only">{label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The shortcuts: a stack from `sm` up, one collapsible control on phones; both above the WhatsApp button. */
export function FloatingShortcuts({ items }: { items: Shortcut[] }) {
  return (
    // Floating: steps aside while it would cover an enquiry form (widgets/floating/floating.island.ts).
    <nav
      aria-label="اختصارات الصفحة"
      {...dataProps(FLOATING.attrs, { floating: "" })}
      className="fixed end-5 bottom-22 z-40 sm:bottom-24"
    >
      <div className="hidden sm:block">
        <ShortcutList items={items} />
      </div>
      {/* shortcuts.island.ts closes it after a pick. */}
      <details className="group sm:hidden" data-island={SHORTCUTS.island}>
        <summary className={`${buttonClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <ListTree aria-hidden="true" className="size-5" />
          <span className="sr-only">اختصارات الصفحة</span>
        </summary>
        <div className="absolute end-0 bottom-14">
          <ShortcutList items={items} />
        </div>
      </details>
    </nav>
  );
}
