/**
 * The delivery log (docs/conversions.md "Delivery"): the newest 200 conversion events, by platform and by lead, with their
 * status, attempts, the platform's last answer and a retry action for a failed or waiting event.
 */
import { useId, useState } from "react";
import {
  CONVERSION_EVENT_KIND_LABELS,
  CONVERSION_PLATFORM_LABELS,
  CONVERSION_PLATFORMS,
  type ConversionPlatform,
} from "#domain/conversions.ts";
import { formatDateTime, formatNumber } from "#domain/format.ts";
import { ChoiceField, choicesOf } from "~/admin/common/choice-select.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useDeliveries, useRetryDelivery } from "./api.ts";
import { CONVERSIONS_TEXTS as T } from "./texts.ts";

const STATUS_VARIANT = { pending: "warning", delivered: "success", failed: "destructive" } as const;

export function DeliveryLog() {
  const id = useId();
  const [platform, setPlatform] = useState<ConversionPlatform | "">("");
  const [leadId, setLeadId] = useState("");
  const log = useDeliveries({ platform: platform || undefined, leadId: Number(leadId) || undefined });
  const retry = useRetryDelivery();
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:max-w-lg sm:grid-cols-2">
        <ChoiceField
          label={T.platformFilter}
          frameClassName="grid gap-1.5"
          id={`${id}-platform`}
          className="h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm"
          value={platform}
          onChange={(value) => setPlatform(value as ConversionPlatform | "")}
          empty={T.allPlatforms}
          options={choicesOf(CONVERSION_PLATFORMS, CONVERSION_PLATFORM_LABELS)}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-lead`}>{T.leadId}</Label>
          <Input
            id={`${id}-lead`}
            inputMode="numeric"
            dir="ltr"
            value={leadId}
            onChange={(e) => setLeadId(e.target.value.replace(/\D/g, ""))}
          />
        </div>
      </div>
      {log.isError && <QueryError message={T.loadError} onRetry={() => log.refetch()} />}
      {log.isPending && <Skeleton className="h-40" />}
      {log.data?.length === 0 && <p className="text-muted">{T.noDeliveries}</p>}
      <ul className="flex flex-col gap-2">
        {log.data?.map((d) => (
          <li key={d.id}>
            <Card>
              <CardContent className="flex-row flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
                <span className="flex basis-full flex-wrap items-center gap-2">
                  <Badge variant={STATUS_VARIANT[d.status]}>{T.status[d.status]}</Badge>
                  <span className="font-bold">{CONVERSION_PLATFORM_LABELS[d.platform]}</span>
                  <span>
                    {CONVERSION_EVENT_KIND_LABELS[d.kind]} · <bdi dir="ltr">{d.eventName}</bdi>
                  </span>
                </span>
                {d.leadId !== null && (
                  <span className="text-muted">
                    {T.leadId}: {formatNumber(d.leadId)}
                  </span>
                )}
                <span className="text-muted">{formatDateTime(d.createdAt)}</span>
                <span className="text-muted">{T.attempts(formatNumber(d.attempts))}</span>
                {d.lastError && (
                  <bdi dir="ltr" className="basis-full break-all text-xs text-danger">
                    {d.lastError}
                  </bdi>
                )}
                {d.status !== "delivered" && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="ms-auto"
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(d.id, {
                        onSuccess: () => toast({ variant: "success", title: T.retried }),
                        onError: (error) =>
                          toast({ variant: "destructive", title: apiErrorMessage(error, T.loadError) }),
                      })
                    }
                  >
                    {T.retry}
                  </Button>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
