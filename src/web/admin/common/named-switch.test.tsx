/**
 * Switches are named by what they do (docs/decisions/118-switches-named-by-what-they-do.md): the accessible name is
 * the action with its subject, the visible label toggles it, the state words follow the switch; and every switch of
 * the back office is this one (a screen importing the bare ~/shared/ui/switch.tsx could name a switch «مفعّل»).
 */
import fs from "node:fs";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { NamedSwitch, SWITCH_STATES } from "./named-switch.tsx";

afterEach(cleanup);

function Harness() {
  const [on, setOn] = useState(false);
  return (
    <NamedSwitch
      name="إرسال الأحداث إلى سناب شات"
      label="إرسال الأحداث"
      states={SWITCH_STATES}
      checked={on}
      onCheckedChange={setOn}
    />
  );
}

/** Every non-test .tsx file under `dir` (relative to the repository root). */
function screens(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return screens(file);
    return file.endsWith(".tsx") && !file.endsWith(".test.tsx") ? [file] : [];
  });
}

describe("NamedSwitch", () => {
  it("is named by its action, toggles from its label, and writes the state it is in", async () => {
    render(<Harness />);
    const toggle = screen.getByRole("switch", { name: "إرسال الأحداث إلى سناب شات" });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText("متوقف")).toBeInTheDocument();
    expect(screen.queryByText("مفعّل")).not.toBeInTheDocument();
    await userEvent.click(screen.getByText("إرسال الأحداث"));
    expect(toggle).toBeChecked();
    expect(screen.getByText("مفعّل")).toBeInTheDocument();
    expect(screen.queryByText("متوقف")).not.toBeInTheDocument();
  });

  it("is the only switch the back office's screens use", () => {
    const bare = screens("src/web/admin").filter(
      (file) =>
        !file.endsWith(path.join("common", "named-switch.tsx")) &&
        fs.readFileSync(file, "utf8").includes("~/shared/ui/switch.tsx"),
    );
    expect(bare).toEqual([]);
  });
});
