/** Floating shortcut buttons of the detail pages (SPEC §2.6, §2.7): jump to sections by their anchor ids. */
import type { LucideIcon } from "lucide-react";

export interface Shortcut {
  /** Anchor id of the target section (without #). */
  target: string;
  label: string;
  Icon: LucideIcon;
}

/** A vertical stack at the bottom inline-start corner (bottom right in RTL), clear of the WhatsApp button. */
export function FloatingShortcuts({ items }: { items: Shortcut[] }) {
  return (
    <nav aria-label="اختصارات الصفحة" className="fixed start-4 bottom-4 z-40">
      <ul className="grid gap-2">
        {items.map(({ target, label, Icon }) => (
          <li key={target}>
            <a
              href={`#${target}`}
              title={label}
              className="grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-900"
            >
              <Icon aria-hidden="true" className="size-5" />
              <span className="sr-only">{label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
