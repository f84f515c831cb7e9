/**
 * /admin/account, open to every signed-in user (docs/decisions/020-staff-sign-in-hardening.md): their password, their
 * sessions, their two-factor settings; a super_admin also sets which roles require two-factor sign-in.
 */
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { PasswordCard } from "./password-card.tsx";
import { RoleTwoFactorCard } from "./role-two-factor-card.tsx";
import { SessionsCard } from "./sessions-card.tsx";
import { ACCOUNT_TEXTS as T } from "./texts.ts";
import { TwoFactorCard } from "./two-factor-card.tsx";

export function AccountScreen() {
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink">{T.title}</h1>
      <TwoFactorCard />
      <PasswordCard />
      <SessionsCard />
      {user.role === "super_admin" ? <RoleTwoFactorCard /> : null}
    </div>
  );
}
