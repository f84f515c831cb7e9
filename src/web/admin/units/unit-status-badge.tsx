/** Unit status badge: available green, reserved yellow, sold red (SPEC §2.14). */

import type { UnitStatus } from "#domain/project-rules.ts";
import { Badge } from "~/shared/ui/badge.tsx";

const VARIANT: Record<UnitStatus, "success" | "warning" | "destructive"> = {
  متاحة: "success",
  محجوزة: "warning",
  مباعة: "destructive",
};

/** The status text on its colour. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return <Badge variant={VARIANT[status] ?? "outline"}>{status}</Badge>;
}
