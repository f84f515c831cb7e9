/** The floating WhatsApp click-to-chat button of the public pages (wa.me/<digits> with an Arabic greeting). */
import { MessageCircle } from "lucide-react";
import { digitsOnly, normalizeSaudiPhone } from "../../../domain/phone.ts";

export const WHATSAPP_GREETING = "السلام عليكم، أرغب في الاستفسار عن مشاريعكم.";

/** The wa.me link of a number in any accepted Saudi form, with `text` prefilled. */
export function whatsappHref(phone: string, text: string = WHATSAPP_GREETING): string {
  const digits = digitsOnly(normalizeSaudiPhone(phone) ?? phone);
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** Props: the configured WhatsApp number. Sits at the bottom inline-end corner (bottom left in RTL). */
export function WhatsAppButton({ phone }: { phone: string }) {
  return (
    <a
      href={whatsappHref(phone)}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed end-4 bottom-4 z-40 grid size-14 place-items-center rounded-full bg-[#0b7a3e] text-white shadow-lg hover:bg-[#08602f]"
    >
      <MessageCircle aria-hidden="true" className="size-7" />
      <span className="sr-only">تواصل معنا عبر واتساب (يفتح في نافذة جديدة)</span>
    </a>
  );
}
