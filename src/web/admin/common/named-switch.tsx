/**
 * The back office's one switch (docs/decisions/118-switches-named-by-what-they-do.md): named by what it turns on,
 * with its subject («إرسال الأحداث إلى سناب شات», «اشتراط التحقق بخطوتين لدور مدير»), never by a bare state word such as
 * «مفعّل», which reads as a claim while the switch is off. The on/off state is the switch's own (role="switch",
 * aria-checked); `states` writes it beside the switch, following it («مفعّل» while on, «متوقف» while off).
 * Screens use this rather than ~/shared/ui/switch.tsx (src/web/admin/common/named-switch.test.tsx keeps that line).
 */
import type * as React from "react";
import { useId } from "react";
import { cn } from "~/shared/lib/cn.ts";
import { Label } from "~/shared/ui/label.tsx";
import { Switch } from "~/shared/ui/switch.tsx";

/** The state words shown beside a switch: [on, off]. */
export const SWITCH_STATES = ["مفعّل", "متوقف"] as const;

type SwitchProps = Omit<React.ComponentProps<typeof Switch>, "aria-label" | "aria-labelledby" | "children">;

/**
 * A switch whose accessible name is `name`. `label`: visible text beside it (a label for it: clicking it toggles;
 * `name` should begin with it so the spoken name holds what is seen). `states`: the words of the state shown after
 * it, or none. Layout: an inline row [switch, label, state]; `className` goes on that row.
 */
export function NamedSwitch({
  name,
  label,
  states,
  className,
  id,
  checked,
  ...props
}: SwitchProps & { name: string; label?: React.ReactNode; states?: readonly [on: string, off: string] }) {
  const ownId = useId();
  const switchId = id ?? ownId;
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <Switch id={switchId} aria-label={name} checked={checked} {...props} />
      {label !== undefined && (
        <Label htmlFor={switchId} className="text-sm">
          {label}
        </Label>
      )}
      {states && (
        <span aria-hidden="true" data-slot="switch-state" className="text-xs text-muted">
          {checked ? states[0] : states[1]}
        </span>
      )}
    </span>
  );
}
