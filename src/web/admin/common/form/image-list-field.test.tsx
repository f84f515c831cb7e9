import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UploadBatchError, uploadImages } from "~/admin/uploads/api.ts";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { ImageListField } from "./image-list-field.tsx";

vi.mock("~/admin/uploads/api.ts", async (original) => ({
  ...(await original<typeof import("~/admin/uploads/api.ts")>()),
  uploadImages: vi.fn(),
}));
const upload = vi.mocked(uploadImages);
afterEach(() => upload.mockReset());

const png = (name: string) => new File(["x"], name, { type: "image/png" });
const answer = (url: string) => ({ url, isDuplicate: false });

describe("ImageListField", () => {
  it("uploads the chosen images, adds each URL once, and removes one by its button", async () => {
    upload.mockResolvedValue([answer("/media/a.webp"), answer("/media/b.webp")]);
    const { submitted, user } = renderForm(<ImageListField name="images" label="صور المشروع" />, {
      defaultValues: { images: ["/media/a.webp"] },
    });
    await user.upload(screen.getByLabelText("صور المشروع: اختيار صور"), [png("a.png"), png("b.png")]);
    expect(await screen.findByRole("button", { name: "إزالة الصورة ٢" })).toBeInTheDocument();
    expect(upload.mock.calls[0][0].map((f) => f.name)).toEqual(["a.png", "b.png"]);
    await user.click(screen.getByRole("button", { name: "إزالة الصورة ١" }));
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ images: ["/media/b.webp"] }]));
  });

  it("keeps the images sent before a failed one and names the failed file and the skipped ones", async () => {
    upload.mockRejectedValue(new UploadBatchError("c.png", new Error("x"), [answer("/media/b.webp")], 1));
    const { user } = renderForm(<ImageListField name="images" label="صور المشروع" />, {
      defaultValues: { images: [] },
    });
    await user.upload(screen.getByLabelText("صور المشروع: اختيار صور"), [png("b.png"), png("c.png"), png("d.png")]);
    const group = screen.getByRole("group", { name: "صور المشروع" });
    expect(await within(group).findByRole("alert")).toHaveTextContent(/c\.png.*ولم يُرفع ما بعده: ملف واحد/);
    expect(within(group).getByRole("button", { name: "إزالة الصورة ١" })).toBeInTheDocument();
    expect(within(group).queryByRole("button", { name: "إزالة الصورة ٢" })).toBeNull();
  });
});
