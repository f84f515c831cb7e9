import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enhanceMarquees } from "~/public/widgets/marquee/marquee.island.ts";
import { PartnersMarquee } from "~/public/widgets/marquee/marquee.tsx";
import { PARTNERS, restoreTimersAndGlobals } from "~/test-utils/widget-fixtures.ts";

afterEach(restoreTimersAndGlobals);

describe("the partner marquee island (SPEC §2.3 section 4)", () => {
  beforeEach(() => {
    document.body.innerHTML = renderToStaticMarkup(createElement(PartnersMarquee, { partners: PARTNERS }));
  });
  const pause = () => screen.getByRole("button", { name: "إيقاف حركة الشعارات" });
  const marquee = () => document.querySelector(".marquee");

  it("the pause button pauses and resumes the row, with aria-pressed and its icon", async () => {
    const user = userEvent.setup();
    enhanceMarquees();
    enhanceMarquees();
    expect(marquee()).not.toHaveAttribute("data-paused");

    await user.click(pause());
    expect(marquee()).toHaveAttribute("data-paused", "true");
    expect(pause()).toHaveAttribute("aria-pressed", "true");
    expect(pause().querySelector('[data-icon="pause"]')).toHaveClass("hidden");
    expect(pause().querySelector('[data-icon="play"]')).not.toHaveClass("hidden");

    await user.click(pause());
    expect(marquee()).not.toHaveAttribute("data-paused");
    expect(pause()).toHaveAttribute("aria-pressed", "false");
    expect(pause().querySelector('[data-icon="pause"]')).not.toHaveClass("hidden");
    expect(pause().querySelector('[data-icon="play"]')).toHaveClass("hidden");
  });

  it("tolerates missing markup", () => {
    document.body.innerHTML = '<section data-island="marquee"></section>';
    expect(() => enhanceMarquees()).not.toThrow();
  });
});
