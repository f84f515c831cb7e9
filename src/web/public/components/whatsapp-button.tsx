/**
 * The floating WhatsApp click-to-chat button of the public pages (wa.me/<digits> with a prefilled Arabic message;
 * shared/lib/whatsapp.ts builds the message, naming the project or update and its address on those pages).
 */
import { MessageCircle } from "lucide-react";
import { dataProps } from "~/public/islands/contract.ts";
import { FLOATING } from "~/public/widgets/floating/contract.ts";
import { whatsappHref } from "~/shared/lib/whatsapp.ts";

/**
 * Props: the WhatsApp number as digits with the country code, and the message. Sits bottom inline-end (left in RTL);
 * `data-floating`: it steps aside while it would cover an enquiry form (widgets/floating/floating.island.ts).
 */
export function WhatsAppButton({ number, text }: { number: string; text: string }) {
  return (
    <a
      href={whatsappHref(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      {...dataProps(FLOATING.attrs, { floating: "" })}
      className="fixed end-4 bottom-4 z-40 grid size-14 place-items-center rounded-full bg-[#0b7a3e] text-white shadow-lg ring-2 ring-white hover:bg-[#08602f]"
    >
      <MessageCircle aria-hidden="true" className="size-7" />
      <span className="sr-only">تواصل معنا عبر واتساب (يفتح في نافذة جديدة)</span>
    </a>
  );
}
