/**
 * The back office's one search box: a search input with its icon at the start edge (RTL-aware), labelled for
 * screen readers. Filtering is the screen's job; this only reports the text.
 */
import { SearchIcon } from "lucide-react";
import { cn } from "~/shared/lib/cn.ts";
import { Input } from "~/shared/ui/input.tsx";

export function SearchField({
  label,
  placeholder = label,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="ps-9"
      />
    </div>
  );
}
