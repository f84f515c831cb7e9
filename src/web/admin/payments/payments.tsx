/** /admin/payments (docs/payments.md "Payments screen"): «المدفوعات», a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { PAYMENTS_TITLE, PaymentsScreen } from "./payments-screen.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: PAYMENTS_TITLE });
export default PaymentsScreen;
