/**
 * The admin side menu (SPEC §2.10): only the items the user's permissions allow; the one active item
 * (`activeMenuPath`: the longest matching path, so «عملائي» alone on its page) is marked aria-current="page", which
 * also drives its highlight (a className function would not survive the tooltip
 * trigger's Slot). Collapsed, it shows icons with the label in a tooltip.
 */
import { Link, useLocation } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { cn } from "~/shared/lib/cn.ts";
import type { CurrentUser } from "~/shared/session/auth-store.ts";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/shared/ui/tooltip.tsx";
import { activeMenuPath, visibleMenuItems } from "./admin-menu.ts";

export interface AdminNavProps {
  user: Pick<CurrentUser, "role" | "permissions">;
  /** Icons only (the desktop sidebar's collapsed state). */
  collapsed?: boolean;
  /** Called after an item is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  className?: string;
}

/** The permission-filtered menu as a labelled <nav> list of links. */
export function AdminNav({ user, collapsed = false, onNavigate, className }: AdminNavProps) {
  const items = visibleMenuItems(user);
  const active = activeMenuPath(items, useLocation().pathname);
  return (
    <nav aria-label={TEXTS.adminMenuLabel} className={className}>
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon }) => {
          const link = (
            <Link
              to={to}
              aria-current={to === active ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-bold text-ink transition-colors hover:bg-brand-50 hover:text-brand-700",
                "aria-[current=page]:bg-brand-600 aria-[current=page]:text-white aria-[current=page]:hover:bg-brand-700 aria-[current=page]:hover:text-white",
                collapsed && "justify-center px-0",
              )}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={cn(collapsed && "sr-only")}>{label}</span>
            </Link>
          );
          return (
            <li key={to}>
              {collapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{link}</TooltipTrigger>
                  <TooltipContent side="left">{label}</TooltipContent>
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
