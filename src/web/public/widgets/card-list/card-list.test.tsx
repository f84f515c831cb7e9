import { screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProjectGridCard } from "~/public/components/project-card.tsx";
import { UpdateCard } from "~/public/components/update-card.tsx";
import { makeProject, makeUpdate } from "~/test-utils/public-fixtures.ts";
import { enhanceCardLists } from "./card-list.island.ts";
import { CardList } from "./card-list.tsx";

const IMG = (n: number) => `/media/images/${String(n).repeat(32)}.webp`;
const NAMES = ["أبراج الشاطئ", "واحة النعيم", "دار الزهراء"];

/** The server's markup of a /all-projects grid (the first card's photo the page's first photo), enhanced. */
function mountProjects(images: string[][] = [[IMG(1)], [IMG(2)], [IMG(3)]]) {
  document.body.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <CardList>
        {images.map((projectImages, index) => (
          <li key={NAMES[index]}>
            <ProjectGridCard
              project={makeProject({ id: index + 1, name: NAMES[index], images: projectImages })}
              priority={index === 0}
              deferImage={index > 0}
            />
          </li>
        ))}
      </CardList>
    </MemoryRouter>,
  );
  enhanceCardLists();
}

const firstPhoto = () => document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
const altsShown = () => [...document.querySelectorAll("img")].map((image) => image.getAttribute("alt"));

describe("enhanceCardLists: the photos of the cards after the first wait for the first photo", () => {
  it("sends them unrequested inside <noscript>, each box marked and holding its size", () => {
    mountProjects();
    expect(altsShown()).toEqual([`صورة ${NAMES[0]}`]);
    const boxes = document.querySelectorAll("[data-deferred-image]");
    expect(boxes).toHaveLength(2);
    for (const [i, box] of [...boxes].entries()) {
      expect(box.className).toContain("aspect-[4/3]");
      expect(box.querySelector("noscript")?.textContent).toContain(`alt="صورة ${NAMES[i + 1]}"`);
    }
    // A deferred photo is not a missing one: no placeholder.
    expect(screen.queryByTestId("image-placeholder")).toBeNull();
  });

  it("reveals them once the first photo has loaded, the very <img> the server rendered for each", () => {
    mountProjects();
    firstPhoto()?.dispatchEvent(new Event("load"));
    expect(altsShown()).toEqual(NAMES.map((name) => `صورة ${name}`));
    const second = document.querySelectorAll("img")[1];
    expect(second?.getAttribute("src")).toBe("/media/images/22222222222222222222222222222222-960.webp");
    expect(second?.getAttribute("loading")).toBe("lazy");
    expect(second?.getAttribute("sizes")).toBe("(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw");
    expect(document.querySelectorAll("[data-deferred-image], noscript")).toHaveLength(0);
  });

  it("reveals them when the first photo fails to load too, and only once", () => {
    mountProjects();
    firstPhoto()?.dispatchEvent(new Event("error"));
    enhanceCardLists();
    firstPhoto()?.dispatchEvent(new Event("load"));
    expect(altsShown()).toHaveLength(3);
  });

  it("reveals them at once when the first card has no photo", () => {
    mountProjects([[], [IMG(2)], [IMG(3)]]);
    expect(screen.getByTestId("image-placeholder")).toBeInTheDocument();
    expect(altsShown()).toEqual([`صورة ${NAMES[1]}`, `صورة ${NAMES[2]}`]);
  });

  it("keeps a card without a photo as its placeholder", () => {
    mountProjects([[IMG(1)], [], [IMG(3)]]);
    expect(screen.getByTestId("image-placeholder")).toBeInTheDocument();
    expect(document.querySelectorAll("[data-deferred-image]")).toHaveLength(1);
  });

  it("defers and reveals update thumbnails the same way (/all-updates)", () => {
    const updates = [1, 2].map((n) => makeUpdate({ id: n, title: `تحديث ${n}`, thumbnailUrl: IMG(n) }));
    document.body.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <CardList>
          {updates.map((update, index) => (
            <li key={update.id}>
              <UpdateCard update={update} headingLevel={2} priority={index === 0} deferImage={index > 0} />
            </li>
          ))}
        </CardList>
      </MemoryRouter>,
    );
    enhanceCardLists();
    expect(altsShown()).toEqual(["صورة تحديث 1"]);
    expect(document.querySelector("[data-deferred-image]")?.className).toContain("aspect-video");
    firstPhoto()?.dispatchEvent(new Event("load"));
    expect(altsShown()).toEqual(["صورة تحديث 1", "صورة تحديث 2"]);
  });
});
