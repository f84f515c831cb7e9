/** Placeholder public page (filled by its issue). */

export function meta() {
  return [{ title: "الصفحة غير موجودة" }];
}

export default function CampaignPage() {
  return <h1 className="text-2xl font-bold">الصفحة غير موجودة</h1>;
}
