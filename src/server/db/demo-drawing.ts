/**
 * The drawing kit of the demo illustrations (demo-images.ts): a seeded PRNG (the same seed always draws the same
 * picture), palettes, and SVG parts (sky, palm, skyline, building, car) in px of a DEMO_IMAGE_WIDTH × DEMO_IMAGE_HEIGHT
 * canvas.
 */
/** Size of every demo image, in px (16:10). */
export const DEMO_IMAGE_WIDTH = 1600;
export const DEMO_IMAGE_HEIGHT = 1000;

export const W = DEMO_IMAGE_WIDTH;
export const H = DEMO_IMAGE_HEIGHT;

export type Rng = () => number;

/** mulberry32: a small deterministic PRNG, so the same seed always draws the same picture. */
export function makeRng(seed: number): Rng {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
export const intBetween = (rng: Rng, min: number, max: number) => Math.floor(between(rng, min, max + 1));
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
export const r1 = (n: number) => Math.round(n * 10) / 10;

export const SKIES = [
  { top: "#2f7fc1", bottom: "#cfe8f7", sun: "#fff6d5" }, // midday
  { top: "#3b6fb6", bottom: "#f6d8a8", sun: "#ffe3a3" }, // late afternoon
  { top: "#5a5f9e", bottom: "#f4b183", sun: "#ffd08a" }, // sunset over the Red Sea
  { top: "#4a90c8", bottom: "#e4f1f8", sun: "#ffffff" }, // hazy morning
] as const;
export const FACADES = ["#efe6d6", "#f4f1ea", "#e3d3b8", "#d9d4cc", "#ece2cf", "#cfc6b8"] as const;
export const ACCENTS = ["#11504a", "#d9a441", "#8a6a4a", "#3d5a6c", "#a0522d", "#5b6b5a"] as const;
export const GLASS = [
  ["#7fb3d5", "#2d5c7f"],
  ["#9fc9c2", "#2f6661"],
  ["#a9c4dc", "#3b4f6b"],
] as const;

export function skyDefs(sky: (typeof SKIES)[number]): string {
  return (
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/>` +
    `<stop offset="1" stop-color="${sky.bottom}"/></linearGradient>` +
    `<radialGradient id="sun"><stop offset="0" stop-color="${sky.sun}"/><stop offset="0.25" stop-color="${sky.sun}" stop-opacity="0.9"/>` +
    `<stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>`
  );
}

/** A date palm: a gently curved trunk with ringed bark and a crown of arching fronds. */
export function palm(rng: Rng, x: number, baseY: number, height: number): string {
  const lean = between(rng, -40, 40);
  const topX = x + lean;
  const topY = baseY - height;
  let out = `<path d="M${r1(x)} ${baseY} Q${r1(x + lean * 0.2)} ${r1(baseY - height * 0.5)} ${r1(topX)} ${r1(topY)}" stroke="#7a5a3a" stroke-width="${r1(height * 0.05)}" fill="none" stroke-linecap="round"/>`;
  for (let i = 1; i < 8; i++) {
    const t = i / 8;
    const bx = x + lean * t * t;
    const by = baseY - height * t;
    out += `<line x1="${r1(bx - height * 0.025)}" y1="${r1(by)}" x2="${r1(bx + height * 0.025)}" y2="${r1(by + 3)}" stroke="#5e4329" stroke-width="2"/>`;
  }
  const fronds = 9;
  for (let i = 0; i < fronds; i++) {
    const angle = (Math.PI * 2 * i) / fronds + between(rng, -0.2, 0.2);
    const len = height * between(rng, 0.42, 0.55);
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.5 + len * 0.35;
    const cx = topX + Math.cos(angle) * len * 0.5;
    const cy = topY - len * 0.25;
    const green = pick(rng, ["#2f6b3a", "#3b7d43", "#2a5d33", "#46884b"]);
    out += `<path d="M${r1(topX)} ${r1(topY)} Q${r1(cx)} ${r1(cy - 14)} ${r1(ex)} ${r1(ey)} Q${r1(cx)} ${r1(cy + 10)} ${r1(topX)} ${r1(topY)}Z" fill="${green}"/>`;
  }
  out += `<circle cx="${r1(topX)}" cy="${r1(topY + 6)}" r="${r1(height * 0.03)}" fill="#8b5a2b"/>`;
  return out;
}

export function distantSkyline(rng: Rng, groundY: number, colour: string): string {
  let out = "";
  let x = -20;
  while (x < W) {
    const w = between(rng, 60, 160);
    const h = between(rng, 60, 260);
    out += `<rect x="${r1(x)}" y="${r1(groundY - h)}" width="${r1(w)}" height="${r1(h)}" fill="${colour}"/>`;
    x += w + between(rng, 0, 30);
  }
  return `<g opacity="0.55">${out}</g>`;
}

/** A residential block: facade, floor slabs, window grid, balconies with glass rails, accent fins, roof parapet. */
export function building(rng: Rng, x: number, groundY: number, width: number, floors: number, floorH: number): string {
  const facade = pick(rng, FACADES);
  const accent = pick(rng, ACCENTS);
  const top = groundY - floors * floorH - floorH * 0.6;
  const cols = Math.max(3, Math.round(width / between(rng, 95, 130)));
  const colW = width / cols;
  const balconyEvery = intBetween(rng, 1, 3);
  let out = `<rect x="${r1(x + 18)}" y="${r1(top + 12)}" width="${r1(width)}" height="${r1(groundY - top - 12)}" fill="#000" opacity="0.12"/>`;
  out += `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(width)}" height="${r1(groundY - top)}" fill="${facade}"/>`;
  // Parapet and roof structures.
  out += `<rect x="${r1(x - 8)}" y="${r1(top - 10)}" width="${r1(width + 16)}" height="14" fill="${accent}"/>`;
  out += `<rect x="${r1(x + width * 0.15)}" y="${r1(top - 46)}" width="${r1(width * 0.18)}" height="36" fill="${facade}" stroke="#00000022"/>`;
  for (let f = 0; f < floors; f++) {
    const fy = groundY - (f + 1) * floorH;
    out += `<rect x="${r1(x)}" y="${r1(fy + floorH - 6)}" width="${r1(width)}" height="6" fill="#00000018"/>`;
    for (let c = 0; c < cols; c++) {
      const wx = x + c * colW + colW * 0.16;
      const ww = colW * 0.68;
      const wy = fy + floorH * 0.16;
      const wh = floorH * 0.62;
      if (f === 0 && c === Math.floor(cols / 2)) {
        // Entrance: a glazed door with a canopy.
        out += `<rect x="${r1(wx - 6)}" y="${r1(fy + floorH * 0.1)}" width="${r1(ww + 12)}" height="${r1(floorH * 0.9)}" fill="url(#glass)"/>`;
        out += `<rect x="${r1(wx - 24)}" y="${r1(fy + floorH * 0.04)}" width="${r1(ww + 48)}" height="8" fill="${accent}"/>`;
        continue;
      }
      out += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(ww)}" height="${r1(wh)}" fill="url(#glass)"/>`;
      out += `<line x1="${r1(wx + ww / 2)}" y1="${r1(wy)}" x2="${r1(wx + ww / 2)}" y2="${r1(wy + wh)}" stroke="${facade}" stroke-width="3"/>`;
      out += `<path d="M${r1(wx + 4)} ${r1(wy + wh * 0.7)} L${r1(wx + ww * 0.35)} ${r1(wy + 4)}" stroke="#ffffff55" stroke-width="5"/>`;
      if (f > 0 && (c + f) % (balconyEvery + 1) === 0) {
        const by = wy + wh * 0.55;
        out += `<rect x="${r1(wx - 8)}" y="${r1(wy + wh)}" width="${r1(ww + 16)}" height="7" fill="#8c8c8c"/>`;
        out += `<rect x="${r1(wx - 8)}" y="${r1(by)}" width="${r1(ww + 16)}" height="${r1(wy + wh - by)}" fill="#bfe0ea" opacity="0.55" stroke="#6d7f86" stroke-width="2"/>`;
      }
    }
  }
  // Vertical accent fins at both ends and one mid fin.
  const fin = Math.max(10, width * 0.025);
  out += `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(fin)}" height="${r1(groundY - top)}" fill="${accent}" opacity="0.9"/>`;
  out += `<rect x="${r1(x + width - fin)}" y="${r1(top)}" width="${r1(fin)}" height="${r1(groundY - top)}" fill="${accent}" opacity="0.9"/>`;
  if (rng() > 0.4) {
    const mx = x + colW * Math.floor(cols / 3);
    out += `<rect x="${r1(mx - fin / 2)}" y="${r1(top)}" width="${r1(fin)}" height="${r1(groundY - top - floorH)}" fill="${accent}" opacity="0.75"/>`;
  }
  return out;
}

export function car(rng: Rng, x: number, y: number): string {
  const colour = pick(rng, ["#f2f2f2", "#1f1f1f", "#9aa3ab", "#7a1f1f", "#c9b48a", "#2d4a6b"]);
  return (
    `<rect x="${r1(x)}" y="${r1(y - 30)}" width="120" height="30" rx="10" fill="${colour}"/>` +
    `<rect x="${r1(x + 22)}" y="${r1(y - 52)}" width="70" height="26" rx="8" fill="${colour}"/>` +
    `<rect x="${r1(x + 28)}" y="${r1(y - 48)}" width="58" height="18" rx="5" fill="#3a4a58"/>` +
    `<circle cx="${r1(x + 26)}" cy="${r1(y)}" r="13" fill="#222"/><circle cx="${r1(x + 94)}" cy="${r1(y)}" r="13" fill="#222"/>`
  );
}
