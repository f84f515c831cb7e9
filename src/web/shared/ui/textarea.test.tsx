/**
 * Latin digits in every text control (ARCHITECTURE resolution 11): a textarea takes Arabic-Indic digits typed on an
 * Arabic keyboard as Latin ones, like the shared Input, with the caret where it was; and every back-office textarea is
 * this one.
 */
import fs from "node:fs";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Textarea } from "./textarea.tsx";

afterEach(cleanup);

function Note({ seen }: { seen: string[] }) {
  const [value, setValue] = useState("");
  return (
    <>
      <label htmlFor="note">ملاحظة</label>
      <Textarea
        id="note"
        value={value}
        onChange={(e) => {
          seen.push(e.target.value);
          setValue(e.target.value);
        }}
      />
    </>
  );
}

/** Every non-test .tsx file under `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return file.endsWith(".tsx") && !file.endsWith(".test.tsx") ? [file] : [];
  });
}

describe("Textarea", () => {
  it("turns typed Arabic-Indic digits into Latin ones before the form sees them, keeping the caret", async () => {
    const seen: string[] = [];
    render(<Note seen={seen} />);
    const note = screen.getByLabelText("ملاحظة");
    const user = userEvent.setup();
    await user.type(note, "اتصل ٠٥٠١٢٣ ۴۵");
    expect(note).toHaveValue("اتصل 050123 45");
    expect(seen.every((v) => !/[٠-٩۰-۹]/.test(v))).toBe(true);
    // Typing in the middle keeps the caret after the typed digit.
    await user.type(note, "٧", { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(note).toHaveValue("اتصل 7050123 45");
    expect((note as HTMLTextAreaElement).selectionStart).toBe(6);
  });

  it("is the textarea of every back-office screen", () => {
    const bare = sources("src/web/admin").filter((file) => fs.readFileSync(file, "utf8").includes("<textarea"));
    expect(bare).toEqual([]);
  });
});
