/**
 * The user's active sessions (docs/decisions/020-staff-sign-in-hardening.md): device (user agent), address, sign-in and
 * last-activity date and time of day (Asia/Riyadh, #domain/format.ts formatDateTime), "this device" for the current
 * one, "end session" for each of the others and «إنهاء الجلسات الأخرى» for all of them at once.
 */
import { MonitorSmartphoneIcon } from "lucide-react";
import { formatDateTime } from "#domain/format.ts";
import { QueryError } from "~/admin/common/query-error.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useEndOtherSessions, useEndSession, useSessions } from "./api.ts";
import { ACCOUNT_TEXTS as T } from "./texts.ts";

/** A short device name from a user agent: browser and system, else the raw text cut to 60 characters. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return T.unknownDevice;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser || system) return [browser, system].filter(Boolean).join(" — ");
  return userAgent.slice(0, 60);
}

export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = (error: unknown) =>
    toast({ variant: "destructive", title: T.saveError, description: apiErrorMessage(error, T.saveError) });

  const onEnd = (id: string) =>
    end.mutate(id, {
      onSuccess: () => toast({ variant: "success", title: T.sessionEnded }),
      onError: failed,
    });
  const onEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => toast({ variant: "success", title: T.othersEnded }),
      onError: failed,
    });
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{T.sessionsTitle}</CardTitle>
          <CardDescription>{T.sessionsDescription}</CardDescription>
        </div>
        {others > 0 ? (
          <Button variant="outline" size="sm" disabled={endOthers.isPending} onClick={onEndOthers}>
            {T.endOthers}
          </Button>
        ) : null}
      </CardHeader>
      {sessions.isError ? (
        <QueryError message={T.loadError} onRetry={() => void sessions.refetch()} />
      ) : sessions.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul className="flex flex-col divide-y divide-brand-100" aria-label={T.sessionsTitle}>
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <MonitorSmartphoneIcon aria-hidden="true" className="size-5 text-muted" />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="font-bold">
                  <span className="sr-only">{T.device}: </span>
                  <bdi>{deviceName(session.userAgent)}</bdi>
                  {session.current ? (
                    <Badge variant="success" className="ms-2">
                      {T.thisDevice}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  <span dir="ltr">{session.ipAddress ?? T.unknownAddress}</span>
                  {"، "}
                  {T.signedInAt}: {formatDateTime(session.createdAt)}
                  {"، "}
                  {T.lastActive}: {formatDateTime(session.lastUsedAt)}
                </p>
              </div>
              {session.current ? null : (
                <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => onEnd(session.id)}>
                  {T.endSession}
                </Button>
              )}
            </li>
          ))}
          {sessions.data.length <= 1 ? <li className="py-3 text-sm text-muted">{T.noOtherSessions}</li> : null}
        </ul>
      )}
    </Card>
  );
}
