/** A positive integer id from a URL parameter (?project=ID, :unitId), else null. */
export function positiveIdParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
