/**
 * A compliance row's name keeps its Latin parts in place right to left (ARCHITECTURE resolution 11): the campaign link
 * and the unit number the API isolates with FSI … PDI are each drawn in their own left-to-right box, with Latin digits
 * marked as copied identifiers, and the Arabic around them is left as it is.
 */
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { IsolatedName } from "./compliance-parts.tsx";

afterEach(cleanup);

describe("IsolatedName", () => {
  it("draws a campaign's link in its own left-to-right box inside the brackets", () => {
    const { container } = render(<IsolatedName name={"سناب شات (\u2068snapchat/offer-2027\u2069)"} />);
    const boxes = [...container.querySelectorAll("bdi")];
    expect(boxes.map((b) => [b.textContent, b.getAttribute("dir"), b.dataset.latinDigits])).toEqual([
      ["snapchat/offer-2027", "ltr", "url"],
    ]);
    expect(container.textContent).toBe("سناب شات (snapchat/offer-2027)");
  });

  it("draws a unit's number and building each in its own box", () => {
    const { container } = render(<IsolatedName name={"وحدة \u20680101\u2069 - \u2068A\u2069"} />);
    expect([...container.querySelectorAll("bdi")].map((b) => [b.textContent, b.dataset.latinDigits])).toEqual([
      ["0101", "unit"],
      ["A", "unit"],
    ]);
    expect(container.textContent).toBe("وحدة 0101 - A");
  });

  it("leaves a name without isolated parts as plain text", () => {
    const { container } = render(<IsolatedName name="حملة إكس" />);
    expect(container.querySelector("bdi")).toBeNull();
    expect(container.textContent).toBe("حملة إكس");
  });
});
