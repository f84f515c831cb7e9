import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { uploadFile } from "~/admin/uploads/api.ts";
import { ApiError } from "~/shared/lib/api-client.ts";
import { renderForm, SUBMIT } from "~/test-utils/form-harness.tsx";
import { SingleFileField } from "./single-file-field.tsx";

vi.mock("~/admin/uploads/api.ts", async (original) => ({
  ...(await original<typeof import("~/admin/uploads/api.ts")>()),
  uploadFile: vi.fn(),
}));
const upload = vi.mocked(uploadFile);
afterEach(() => upload.mockReset());

describe("SingleFileField", () => {
  it("uploads a PDF, links it, and removes it", async () => {
    upload.mockResolvedValue({ url: "/media/brochure.pdf", isDuplicate: false });
    const { submitted, user } = renderForm(<SingleFileField name="pdfUrl" kind="pdf" label="ملف PDF" />, {
      defaultValues: { pdfUrl: null },
    });
    const input = screen.getByLabelText("ملف PDF: اختيار ملف");
    expect(input).toHaveAttribute("accept", "application/pdf");
    await user.upload(input, new File(["%PDF"], "brochure.pdf", { type: "application/pdf" }));
    expect(await screen.findByRole("link", { name: "/media/brochure.pdf" })).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith("pdf", expect.any(File), expect.any(Function));
    await user.click(screen.getByRole("button", { name: "إزالة: ملف PDF" }));
    expect(screen.queryByRole("link")).toBeNull();
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ pdfUrl: null }]));
  });

  it("shows a required image's thumbnail without a remove button, and the form's message when it is missing", async () => {
    const schema = z.object({ poster: z.string("صورة البوستر مطلوبة") });
    const { user } = renderForm(<SingleFileField name="poster" kind="image" label="صورة البوستر" required />, {
      defaultValues: { poster: null },
      schema,
    });
    await user.click(screen.getByRole("button", { name: SUBMIT }));
    expect(await screen.findByRole("alert")).toHaveTextContent("صورة البوستر مطلوبة");
    upload.mockResolvedValue({ url: "/media/poster.webp", isDuplicate: false });
    await user.upload(
      screen.getByLabelText("صورة البوستر: اختيار صورة"),
      new File(["x"], "p.png", { type: "image/png" }),
    );
    expect(await screen.findByRole("img", { name: "صورة البوستر" })).toHaveAttribute("src", "/media/poster.webp");
    expect(screen.queryByRole("button", { name: /إزالة/ })).toBeNull();
  });

  it("names the file and the server's reason when the upload fails", async () => {
    upload.mockRejectedValue(
      new ApiError("/api/upload/video", 413, "", JSON.stringify({ statusCode: 413, message: "الملف كبير جدًا" })),
    );
    const { user } = renderForm(<SingleFileField name="videoUrl" kind="video" label="فيديو المشروع" />, {
      defaultValues: { videoUrl: null },
    });
    await user.upload(
      screen.getByLabelText("فيديو المشروع: اختيار ملف"),
      new File(["x"], "tour.mp4", { type: "video/mp4" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(/tour\.mp4.*الملف كبير جدًا/);
  });
});
