/** /admin/account: the signed-in user's own account (password, sessions, two-factor), a client-only route module. */
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { AccountScreen } from "./account-screen.tsx";
import { ACCOUNT_TEXTS } from "./texts.ts";

/** Client-only route: the screen's queries load the data. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}

export function meta() {
  return [{ title: ACCOUNT_TEXTS.title }];
}

export default function AccountRoute() {
  return <AccountScreen />;
}
