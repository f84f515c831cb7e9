/** The back button of the unit screens (SPEC §2.14): a link styled as an outline button, arrow pointing back. */
import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/shared/ui/button.tsx";

/** A back link to `to`; the arrow is mirrored in right-to-left. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <Link to={to}>
        <ArrowLeftIcon aria-hidden="true" className="rtl:rotate-180" />
        {label}
      </Link>
    </Button>
  );
}
