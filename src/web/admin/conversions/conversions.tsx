/** /admin/conversions: the campaigns report, ad-platform connections and delivery log; a client-only route module. */
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { ConversionsScreen } from "./conversions-screen.tsx";
import { CONVERSIONS_TEXTS } from "./texts.ts";

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
  return [{ title: CONVERSIONS_TEXTS.title }];
}

export default function ConversionsRoute() {
  return <ConversionsScreen />;
}
