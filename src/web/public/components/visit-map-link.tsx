/**
 * « — الموقع على الخريطة» after the place of a visit (the booking form and the manage page,
 * docs/decisions/088-site-visits.md): the place's map link, when the project's visit settings give one.
 */
export function VisitMapLink({ url }: { url: string | null }) {
  return url ? (
    <>
      {" — "}
      <a href={url} className="font-medium text-brand-700 underline underline-offset-4">
        الموقع على الخريطة
      </a>
    </>
  ) : null;
}
