/**
 * A button that needs a permission (SPEC §6 effects). Without it the button is marked disabled (aria-disabled, so it
 * stays focusable and hoverable for its tooltip), does nothing when pressed, and a tooltip says why.
 * Client-side checks are only a convenience: the server decides.
 */
import type * as React from "react";
import { cn } from "~/shared/lib/cn.ts";
import { Button, type ButtonProps } from "~/shared/ui/button.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/shared/ui/tooltip.tsx";

export interface PermissionButtonProps extends ButtonProps {
  allowed: boolean;
  /** Tooltip text shown when not allowed (SPEC §6). */
  deniedReason: string;
  children: React.ReactNode;
}

export function PermissionButton({
  allowed,
  deniedReason,
  children,
  className,
  onClick,
  ...props
}: PermissionButtonProps) {
  if (allowed) {
    return (
      <Button className={className} onClick={onClick} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          {...props}
          aria-disabled="true"
          aria-description={deniedReason}
          className={cn("cursor-not-allowed opacity-50", className)}
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{deniedReason}</TooltipContent>
    </Tooltip>
  );
}
