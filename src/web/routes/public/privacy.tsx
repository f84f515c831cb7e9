/** Placeholder public page (filled by its issue). */

export function meta() {
  return [{ title: "إشعار الخصوصية" }];
}

export default function PrivacyPage() {
  return <h1 className="text-2xl font-bold">إشعار الخصوصية</h1>;
}
