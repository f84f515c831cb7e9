/**
 * The admin top bar (SPEC §2.10): menu buttons, logo, product name, the user's name (a link to their account page)
 * the logout button, and the `actions` slot (the notification bell).
 * Below 768 px the menu button opens the drawer; from 768 px up the other one collapses the sidebar.
 */
import { LogOutIcon, MenuIcon, PanelRightCloseIcon, PanelRightOpenIcon, UserIcon } from "lucide-react";
import { Link } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { ACCOUNT_TEXTS } from "~/admin/account/texts.ts";
import { Button } from "~/shared/ui/button.tsx";

export interface AdminTopBarProps {
  logo: string;
  siteName: string;
  userName: string;
  collapsed: boolean;
  drawerOpen: boolean;
  onToggleCollapsed: () => void;
  onOpenDrawer: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Shown before the user's name (the notification bell). */
  actions?: React.ReactNode;
}

/** The sticky top bar; every button has an Arabic accessible name. */
export function AdminTopBar({
  logo,
  siteName,
  userName,
  collapsed,
  drawerOpen,
  onToggleCollapsed,
  onOpenDrawer,
  onLogout,
  loggingOut = false,
  actions,
}: AdminTopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-brand-100 bg-surface px-3 md:gap-3 md:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={TEXTS.openMenu}
        aria-expanded={drawerOpen}
        aria-haspopup="dialog"
        onClick={onOpenDrawer}
      >
        <MenuIcon aria-hidden="true" className="size-5" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="hidden md:inline-flex"
        aria-label={collapsed ? TEXTS.expandMenu : TEXTS.collapseMenu}
        aria-expanded={!collapsed}
        aria-controls="admin-sidebar"
        onClick={onToggleCollapsed}
      >
        {collapsed ? <PanelRightOpenIcon aria-hidden="true" /> : <PanelRightCloseIcon aria-hidden="true" />}
      </Button>
      <Link to="/admin" className="flex min-w-0 items-center gap-2 rounded-lg">
        <img src={logo} alt={siteName} className="h-9 w-auto shrink-0" />
        <span className="truncate text-base font-bold text-brand-700 md:text-lg">{TEXTS.adminProductName}</span>
      </Link>
      <div className="ms-auto flex items-center gap-2 md:gap-3">
        {actions}
        <Link
          to="/admin/account"
          className="flex items-center gap-2 rounded-lg px-2 py-1 text-sm text-muted hover:bg-canvas"
          aria-label={`${ACCOUNT_TEXTS.menuLabel}: ${userName}`}
        >
          <UserIcon aria-hidden="true" className="size-4" />
          <span className="hidden max-w-40 truncate font-bold text-ink sm:inline">{userName}</span>
        </Link>
        <Button variant="outline" size="sm" onClick={onLogout} disabled={loggingOut} className="h-10 sm:h-8">
          <LogOutIcon aria-hidden="true" className="rtl:rotate-180" />
          <span className="sr-only sm:not-sr-only">{TEXTS.logout}</span>
        </Button>
      </div>
    </header>
  );
}
