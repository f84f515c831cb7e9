/** The not-found block of SPEC §2.2 (title, explanation, home and back buttons), shared by the 404 pages. */
import { Home } from "lucide-react";
import { Link } from "react-router";
import { TEXTS } from "#domain/texts.ts";
import { HistoryBackButton } from "~/public/widgets/history-back/history-back.tsx";

/** The not-found block, also used by the detail pages' 404s with their own title. */
export function NotFoundBlock({
  title = TEXTS.pageNotFound,
  text = TEXTS.pageNotFoundText,
}: {
  title?: string;
  text?: string;
}) {
  return (
    <div className="mx-auto grid max-w-xl place-items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-bold text-brand-500" aria-hidden="true">
        ٤٠٤
      </p>
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <p className="text-lg text-muted">{text}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-900"
        >
          <Home aria-hidden="true" className="size-4" />
          العودة إلى الرئيسية
        </Link>
        <HistoryBackButton />
      </div>
    </div>
  );
}
