/**
 * /admin/conversions (conversions.manage; docs/conversions.md): three tabs — the campaigns report (funnel, spend,
 * cost, export), the ad-platform connections, and the delivery log. Without the permission: "غير مصرح لك".
 */
import { RequirePermission } from "~/admin/common/require-permission.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/shared/ui/tabs.tsx";
import { CampaignsReport } from "./campaigns-report.tsx";
import { ConnectionsPanel } from "./connections-panel.tsx";
import { DeliveryLog } from "./delivery-log.tsx";
import { CONVERSIONS_TEXTS as T } from "./texts.ts";

export function ConversionsScreen() {
  return (
    <RequirePermission permission="conversions.manage">
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
    </RequirePermission>
  );
}
