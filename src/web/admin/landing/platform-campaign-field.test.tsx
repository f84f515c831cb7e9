import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it } from "vitest";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { PlatformCampaignField } from "./platform-campaign-field.tsx";

afterEach(cleanUpScreenTest);

it("saves the platform's campaign id typed on the card, and shows the server's reason under the field", async () => {
  signInAs({ role: "manager", permissions: ["campaigns.manage"] });
  let answer = json({ id: 3, platformCampaignId: "120212345678901234" });
  const calls = mockApi({ "PUT /api/landing-campaigns/3/platform-campaign": () => answer });
  renderScreen(<PlatformCampaignField campaign={{ id: 3, landingPageId: 1, platformCampaignId: null }} />);
  const field = screen.getByLabelText("معرّف الحملة في منصة الإعلانات");
  await userEvent.type(field, "120212345678901234");
  await userEvent.click(screen.getByRole("button", { name: "حفظ المعرّف" }));
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0].body).toEqual({ platformCampaignId: "120212345678901234" });
  answer = json({ statusCode: 400, message: "x", fields: { platformCampaignId: "معرّف غير صالح" } }, 400);
  await userEvent.click(screen.getByRole("button", { name: "حفظ المعرّف" }));
  expect(await screen.findByText("معرّف غير صالح")).toBeInTheDocument();
});
