/**
 * The Arabic file picker: an Arabic button tied to a visually hidden file input that keeps its label, the chosen
 * file's name (or "لم يُختر أي ملف"), and the count of several files.
 */
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { chosenFilesName, FILE_PICKER_TEXTS, FilePicker } from "./file-picker.tsx";

function Harness({ multiple = false }: { multiple?: boolean }) {
  const [name, setName] = useState<string | null>(null);
  return (
    <>
      <label htmlFor="f">ملف الوحدات</label>
      <FilePicker
        id="f"
        multiple={multiple}
        fileName={name}
        onChange={(e) => setName(chosenFilesName(e.target.files))}
      />
    </>
  );
}

afterEach(cleanup);

describe("FilePicker", () => {
  it("shows the Arabic button and the chosen file's name instead of the browser's control", async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/ملف الوحدات/);
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveClass("sr-only");
    expect(screen.getByText(FILE_PICKER_TEXTS.chooseFile).closest("label")).toHaveAttribute("for", "f");
    expect(screen.getByText(FILE_PICKER_TEXTS.noFile)).toBeInTheDocument();
    await userEvent.upload(input, new File(["a"], "وحدات-المشروع.xlsx"));
    expect(screen.getByText("وحدات-المشروع.xlsx")).toBeInTheDocument();
    expect(screen.queryByText(FILE_PICKER_TEXTS.noFile)).not.toBeInTheDocument();
  });

  it("names several files by their count", async () => {
    render(<Harness multiple />);
    const files = ["a.png", "b.png", "c.png"].map((n) => new File(["x"], n, { type: "image/png" }));
    await userEvent.upload(screen.getByLabelText(/ملف الوحدات/), files);
    expect(screen.getByText("٣ ملفات")).toBeInTheDocument();
    expect(FILE_PICKER_TEXTS.files(2)).toBe("ملفان");
    expect(FILE_PICKER_TEXTS.files(11)).toBe("١١ ملفًا");
  });
});
