/**
 * The WhatsApp conversation on the lead page (docs/whatsapp.md "Conversation"): the messages both ways with their
 * status (and Meta's code and its Arabic explanation when sending failed), and the composer: free text inside the 24
 * hours after the buyer's last message; outside them the text box is closed with the reason and the agent picks an
 * approved template and fills its variables. A message «تحتاج مراجعة» (its outcome unknown) is settled by a person
 * with whatsapp.send: «نعم، أُرسلت» or «لا، لم تُرسل»; a message not sent (or failed) may be sent again as a new
 * message, by hand only (docs/whatsapp.md "Messages to check"). Fits a 390 px phone. Hooks from admin/whatsapp/api.ts.
 */
import { useId, useState } from "react";
import { formatDateTime, formatNumber } from "#domain/format.ts";
import {
  type Conversation,
  MESSAGE_STATUS_LABELS,
  RESENDABLE_STATUSES,
  TEMPLATE_CATEGORY_LABELS,
  type WhatsappMessage,
} from "#domain/whatsapp.ts";
import {
  useConversation,
  useResendWhatsapp,
  useReviewWhatsapp,
  useSendWhatsapp,
  useSendWhatsappFile,
} from "~/admin/whatsapp/api.ts";
import { apiErrorMessage, isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { selectClass } from "./stage-dialog.tsx";

const T = {
  title: "محادثة واتساب",
  notConnected: "واتساب للأعمال غير مفعّل: يفعّله المدير من شاشة «واتساب للأعمال».",
  empty: "لا توجد رسائل بعد",
  loadError: "تعذّر تحميل المحادثة",
  message: "رسالة واتساب",
  send: "إرسال",
  sending: "جارٍ الإرسال...",
  sendFailed: "تعذّر إرسال الرسالة",
  queued: "أُرسلت الرسالة إلى قائمة الإرسال",
  template: "القالب المعتمد",
  chooseTemplate: "اختر قالبًا",
  variable: (n: number) => `المتغير ${formatNumber(n)}`,
  sendTemplate: "إرسال القالب",
  attach: "إرفاق صورة أو ملف PDF",
  fileQueued: "أُرسل الملف إلى قائمة الإرسال",
  windowUntil: (at: string) => `يمكن الرد بنص حر حتى ${at}`,
  image: "صورة من العميل",
  document: "مستند",
  location: "موقع",
  fileRefused: "ملف لم يُقبل بعد فحص محتواه",
  by: (name: string) => `بواسطة ${name}`,
  code: (code: number) => `رمز الخطأ ${code}`,
  reviewQuestion: "هل وصلت هذه الرسالة إلى العميل؟ تحقّق منه قبل أي إعادة إرسال.",
  reviewSent: "نعم، أُرسلت",
  reviewNotSent: "لا، لم تُرسل",
  reviewed: (name: string) => `راجعها ${name}`,
  reviewDone: "حُفظت المراجعة",
  reviewFailed: "تعذّر حفظ المراجعة",
  resend: "إعادة الإرسال كرسالة جديدة",
  resent: "أُعيد إرسالها كرسالة جديدة",
  resendDone: "أُرسلت الرسالة من جديد إلى قائمة الإرسال",
  resendFailed: "تعذّرت إعادة الإرسال",
  isResend: "إعادة إرسال",
} as const;

export function WhatsappPane({ leadId, canSend }: { leadId: number; canSend: boolean }) {
  const conversation = useConversation(leadId);
  return (
    <Card data-testid="whatsapp-pane">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        {conversation.isError ? (
          <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
            {T.loadError}
          </p>
        ) : !conversation.data ? (
          <Skeleton className="h-40" />
        ) : (
          <ConversationView data={conversation.data} leadId={leadId} canSend={canSend} />
        )}
      </CardContent>
    </Card>
  );
}

function ConversationView({ data, leadId, canSend }: { data: Conversation; leadId: number; canSend: boolean }) {
  if (!data.enabled && data.messages.length === 0) return <p className="text-sm text-muted">{T.notConnected}</p>;
  return (
    <>
      {data.messages.length === 0 ? (
        <p className="text-sm text-muted">{T.empty}</p>
      ) : (
        <ol className="grid max-h-[28rem] min-w-0 gap-2 overflow-y-auto" aria-label={T.title}>
          {data.messages.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              leadId={leadId}
              canSend={canSend && data.enabled}
              resent={data.messages.some((x) => x.resentFromId === m.id)}
            />
          ))}
        </ol>
      )}
      {canSend && data.enabled && <Composer data={data} leadId={leadId} />}
    </>
  );
}

function MessageBubble({
  message: m,
  leadId,
  canSend,
  resent,
}: {
  message: WhatsappMessage;
  leadId: number;
  canSend: boolean;
  resent: boolean;
}) {
  const outbound = m.direction === "out";
  return (
    <li
      data-testid="whatsapp-message"
      data-status={m.status}
      className={`grid max-w-[85%] min-w-0 gap-1 rounded-xl p-3 text-sm ${
        outbound ? "justify-self-end bg-brand-50" : "justify-self-start bg-surface ring-1 ring-brand-100"
      }`}
    >
      {m.template && (
        <span dir="ltr" className="justify-self-start text-xs text-muted">
          {m.template.name}
        </span>
      )}
      {m.kind === "image" && m.mediaUrl && <img src={m.mediaUrl} alt={T.image} className="max-h-60 rounded-lg" />}
      {m.kind === "document" && m.mediaUrl && (
        <a href={m.mediaUrl} className="text-brand-700 underline" target="_blank" rel="noreferrer">
          {m.fileName ?? T.document}
        </a>
      )}
      {(m.kind === "image" || m.kind === "document") && !m.mediaUrl && m.status === "received" && (
        <span className="text-xs text-muted">{m.fileName ?? (m.kind === "image" ? T.image : T.document)}</span>
      )}
      {m.location && (
        <a
          className="text-brand-700 underline"
          target="_blank"
          rel="noreferrer"
          href={`https://www.openstreetmap.org/?mlat=${m.location.latitude}&mlon=${m.location.longitude}`}
        >
          {T.location}: {m.location.name ?? m.location.address ?? ""}
        </a>
      )}
      {m.body && <p className="break-words whitespace-pre-wrap">{m.body}</p>}
      <p className="flex flex-wrap gap-x-2 text-xs text-muted">
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
        {outbound && <span data-testid="whatsapp-status">{MESSAGE_STATUS_LABELS[m.status] ?? m.status}</span>}
        {m.automated && <span>{m.automated}</span>}
        {m.sentByName && <span>{T.by(m.sentByName)}</span>}
        {m.resentFromId !== null && <span>{T.isResend}</span>}
        {m.reviewedByName && <span>{T.reviewed(m.reviewedByName)}</span>}
      </p>
      {m.errorText && (
        <p role="note" className="text-xs text-danger">
          {m.errorCode !== null && <span dir="ltr">{T.code(m.errorCode)} — </span>}
          {m.errorText}
        </p>
      )}
      {canSend && m.direction === "out" && <MessageActions message={m} leadId={leadId} resent={resent} />}
    </li>
  );
}

/** Settling «تحتاج مراجعة», and sending a message not sent again (never automatic). */
function MessageActions({ message: m, leadId, resent }: { message: WhatsappMessage; leadId: number; resent: boolean }) {
  const review = useReviewWhatsapp(leadId);
  const resend = useResendWhatsapp(leadId);
  const settle = (outcome: "sent" | "not_sent") =>
    review.mutate(
      { messageId: m.id, input: { outcome } },
      {
        onSuccess: () => toast({ variant: "success", title: T.reviewDone }),
        onError: (error) => toast({ variant: "destructive", title: apiErrorMessage(error, T.reviewFailed) }),
      },
    );
  if (m.status === "unknown") {
    return (
      <div className="grid gap-2 border-t border-brand-100 pt-2">
        <p className="text-xs text-ink">{T.reviewQuestion}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => settle("sent")}>
            {T.reviewSent}
          </Button>
          <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => settle("not_sent")}>
            {T.reviewNotSent}
          </Button>
        </div>
      </div>
    );
  }
  if (!RESENDABLE_STATUSES.includes(m.status)) return null;
  if (resent) return <p className="text-xs text-muted">{T.resent}</p>;
  return (
    <div>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(m.id, {
            onSuccess: () => toast({ variant: "success", title: T.resendDone }),
            onError: (error) => toast({ variant: "destructive", title: apiErrorMessage(error, T.resendFailed) }),
          })
        }
      >
        {T.resend}
      </Button>
    </div>
  );
}

function Composer({ data, leadId }: { data: Conversation; leadId: number }) {
  const id = useId();
  const send = useSendWhatsapp(leadId);
  const sendFile = useSendWhatsappFile(leadId);
  const [text, setText] = useState("");
  const [templateKey, setTemplateKey] = useState("");
  const [variables, setVariables] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const template = data.templates.find((t) => `${t.name}:${t.language}` === templateKey);

  const onError = (error: unknown) => {
    if (isApiError(error, 400) && error.body?.fields) setErrors(error.body.fields);
    toast({ variant: "destructive", title: apiErrorMessage(error, T.sendFailed) });
  };

  const sendText = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    send.mutate({ kind: "text", text }, { onSuccess: () => setText(""), onError });
  };
  const sendTemplate = (event: React.FormEvent) => {
    event.preventDefault();
    if (!template) return;
    setErrors({});
    send.mutate(
      { kind: "template", name: template.name, language: template.language, variables },
      {
        onSuccess: () => {
          setTemplateKey("");
          setVariables([]);
          toast({ variant: "success", title: T.queued });
        },
        onError,
      },
    );
  };

  if (data.windowOpen) {
    return (
      <form className="grid gap-2" onSubmit={sendText} noValidate>
        {data.windowClosesAt && (
          <p className="text-xs text-muted">{T.windowUntil(formatDateTime(data.windowClosesAt))}</p>
        )}
        <Label htmlFor={`${id}-text`}>{T.message}</Label>
        <Textarea
          id={`${id}-text`}
          className="min-h-20 w-full rounded-lg border border-brand-100 bg-surface p-3 text-sm"
          value={text}
          aria-invalid={Boolean(errors.text)}
          onChange={(e) => setText(e.target.value)}
        />
        {errors.text && <p className="text-sm text-danger">{errors.text}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={send.isPending || !text.trim()}>
            {send.isPending ? T.sending : T.send}
          </Button>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/*,application/pdf"
            // The browser's own button speaks the browser's language: the Arabic label below is the visible control.
            className="peer sr-only"
            disabled={sendFile.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              setErrors({});
              sendFile.mutate(file, { onSuccess: () => toast({ variant: "success", title: T.fileQueued }), onError });
            }}
          />
          <Label
            htmlFor={`${id}-file`}
            className="cursor-pointer rounded-lg border border-brand-100 px-3 py-2 text-sm text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-500"
          >
            {T.attach}
          </Label>
        </div>
        {errors.file && <p className="text-sm text-danger">{errors.file}</p>}
      </form>
    );
  }
  return (
    <form className="grid gap-2" onSubmit={sendTemplate} noValidate>
      <p role="status" className="rounded-lg bg-warning/10 p-3 text-sm text-warning">
        {data.closedReason}
      </p>
      <Label htmlFor={`${id}-template`}>{T.template}</Label>
      <select
        id={`${id}-template`}
        className={selectClass}
        value={templateKey}
        onChange={(e) => {
          setTemplateKey(e.target.value);
          const chosen = data.templates.find((t) => `${t.name}:${t.language}` === e.target.value);
          setVariables(Array.from({ length: chosen?.variables ?? 0 }, () => ""));
        }}
      >
        <option value="">{T.chooseTemplate}</option>
        {data.templates.map((t) => (
          <option key={`${t.name}:${t.language}`} value={`${t.name}:${t.language}`}>
            {t.name} ({t.language}، {TEMPLATE_CATEGORY_LABELS[t.category] ?? t.category})
          </option>
        ))}
      </select>
      {errors.name && <p className="text-sm text-danger">{errors.name}</p>}
      {template && <p className="rounded-lg bg-brand-50 p-2 text-sm whitespace-pre-wrap">{template.body}</p>}
      {Array.from({ length: variables.length }, (_, i) => i + 1).map((n) => (
        <div key={n} className="grid gap-1">
          <Label htmlFor={`${id}-var-${n}`}>{T.variable(n)}</Label>
          <Input
            id={`${id}-var-${n}`}
            value={variables[n - 1] ?? ""}
            onChange={(e) => setVariables(variables.map((v, j) => (j === n - 1 ? e.target.value : v)))}
          />
        </div>
      ))}
      {errors.variables && <p className="text-sm text-danger">{errors.variables}</p>}
      <div>
        <Button type="submit" disabled={send.isPending || !template || variables.some((v) => !v.trim())}>
          {send.isPending ? T.sending : T.sendTemplate}
        </Button>
      </div>
    </form>
  );
}
