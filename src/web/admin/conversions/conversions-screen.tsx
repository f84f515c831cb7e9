/**
 * /admin/conversions (conversions.manage; docs/conversions.md): three tabs — the campaigns report (funnel, spend,
 * cost, export), the ad-platform connections, and the delivery log. Without the permission: "غير مصرح لك".
 */
import { TEXTS } from "#domain/texts.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/shared/ui/tabs.tsx";
import { CampaignsReport } from "./campaigns-report.tsx";
import { ConnectionsPanel } from "./connections-panel.tsx";
import { DeliveryLog } from "./delivery-log.tsx";
import { CONVERSIONS_TEXTS as T } from "./texts.ts";

export function ConversionsScreen() {
  const user = useCurrentUser();
  if (!userCan(user, "conversions.manage"))
    return (
      <p role="alert" className="text-lg font-bold text-danger">
        {TEXTS.notAuthorized}
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink">{T.title}</h1>
      <Tabs defaultValue="report">
        <TabsList>
          <TabsTrigger value="report">{T.tabReport}</TabsTrigger>
          <TabsTrigger value="connections">{T.tabConnections}</TabsTrigger>
          <TabsTrigger value="log">{T.tabLog}</TabsTrigger>
        </TabsList>
        <TabsContent value="report" className="pt-4">
          <CampaignsReport />
        </TabsContent>
        <TabsContent value="connections" className="pt-4">
          <ConnectionsPanel />
        </TabsContent>
        <TabsContent value="log" className="pt-4">
          <DeliveryLog />
        </TabsContent>
      </Tabs>
    </div>
  );
}
