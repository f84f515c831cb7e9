/**
 * Floating shortcut buttons of the detail pages (SPEC §2.6, §2.7): jump to sections by their anchor ids.
 * They sit at the bottom inline-end corner (bottom left in RTL), stacked above the WhatsApp button, where no
 * right-to-left line starts; below the `sm` breakpoint (phones, 360–430 px) they collapse into one
 * "اختصارات" control (a native <details>, so it works without JavaScript) that opens the list upwards.
 */
import { ListTree, type LucideIcon } from "lucide-react";
import { useRef } from "react";

export interface Shortcut {
  /** Anchor id of the target section (without #). */
  target: string;
  label: string;
  Icon: LucideIcon;
}

const buttonClass =
  "grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-900";

function ShortcutList({ items, onPick }: { items: Shortcut[]; onPick?: () => void }) {
  return (
    <ul className="grid gap-2">
      {items.map(({ target, label, Icon }) => (
        <li key={target}>
          <a href={`#${target}`} title={label} onClick={onPick} className={buttonClass}>
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
  const details = useRef<HTMLDetailsElement>(null);
  return (
    // data-floating: steps aside while it would cover an enquiry form (public/islands/floating.ts).
    <nav aria-label="اختصارات الصفحة" data-floating="" className="fixed end-5 bottom-22 z-40 sm:bottom-24">
      <div className="hidden sm:block">
        <ShortcutList items={items} />
      </div>
      {/* data-island: public/islands/layout.ts closes it after a pick on a page React does not hydrate. */}
      <details ref={details} className="group sm:hidden" data-island="shortcuts">
        <summary className={`${buttonClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <ListTree aria-hidden="true" className="size-5" />
          <span className="sr-only">اختصارات الصفحة</span>
        </summary>
        <div className="absolute end-0 bottom-14">
          <ShortcutList
            items={items}
            onPick={() => {
              if (details.current) details.current.open = false;
            }}
          />
        </div>
      </details>
    </nav>
  );
}
