/**
 * A settings screen that only holders of one permission may open (SPEC §6): its content for them, else the alert
 * «غير مصرح لك» (TEXTS.notAuthorized) in its place. Client-side checks are only a convenience: the server decides.
 */
import type * as React from "react";
import { TEXTS } from "#domain/texts.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";

/** The "not authorised" alert of a screen. */
export function NotAuthorized() {
  return (
    <p role="alert" className="text-lg font-bold text-danger">
      {TEXTS.notAuthorized}
    </p>
  );
}

/** `children` when the signed-in user holds `permission` (a catalogue key such as "whatsapp.manage"). */
export function RequirePermission({ permission, children }: { permission: string; children: React.ReactNode }) {
  const user = useCurrentUser();
  return userCan(user, permission) ? children : <NotAuthorized />;
}
