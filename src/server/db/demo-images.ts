/**
 * Illustrations for the demo content (SEED=demo), drawn by the project itself: no network, no stock photos.
 * Three kinds of scene, each varied by a numeric seed so no two projects look alike:
 *  - "exterior": a modern Jeddah residential building (sky, sun, facade with window grid and balconies, palms);
 *  - "interior": a room (finished living room, or a room under construction for progress updates);
 *  - "aerial":   a drone view of a construction site (slab with columns, tower cranes, roads, materials).
 * The SVG has no <text> (fonts may be missing); sharp (librsvg) renders it to JPEG bytes, which the seed then
 * passes through storeImage like any upload.
 */
import sharp from "sharp";
import {
  between,
  building,
  car,
  distantSkyline,
  GLASS,
  H,
  intBetween,
  makeRng,
  palm,
  pick,
  type Rng,
  r1,
  SKIES,
  skyDefs,
  W,
} from "./demo-drawing.ts";

export type DemoImageKind = "exterior" | "interior" | "aerial";

export { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH } from "./demo-drawing.ts";

/** SVG of a modern residential building in Jeddah; `seed` varies sky, colours, floors and layout. */
function exteriorSvg(seed: number): string {
  const rng = makeRng(seed);
  const sky = pick(rng, SKIES);
  const [g1, g2] = pick(rng, GLASS);
  const groundY = intBetween(rng, 800, 860);
  const sunX = between(rng, 150, W - 150);
  const sunY = between(rng, 110, 260);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="190" fill="url(#sun)"/>`;
  for (let i = 0; i < 4; i++) {
    const cx = between(rng, 0, W);
    const cy = between(rng, 80, 330);
    body += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(between(rng, 90, 190))}" ry="${r1(between(rng, 16, 32))}" fill="#ffffff" opacity="${r1(between(rng, 0.35, 0.7))}"/>`;
  }
  body += distantSkyline(rng, groundY - 40, "#9db3c4");

  const twoBlocks = rng() > 0.45;
  const floorH = between(rng, 62, 80);
  // Keep the roof (parapet and roof room) inside the picture.
  const maxFloors = Math.floor((groundY - 40 - 150) / floorH);
  if (twoBlocks) {
    const f1 = Math.min(maxFloors, intBetween(rng, 5, 9));
    const f2 = intBetween(rng, 3, Math.min(7, f1));
    const w1 = between(rng, 560, 700);
    const w2 = between(rng, 420, 520);
    const leftFirst = rng() > 0.5;
    const x1 = leftFirst ? between(rng, 140, 260) : between(rng, 740, 860);
    const x2 = leftFirst ? x1 + w1 + between(rng, 40, 90) : x1 - w2 - between(rng, 40, 90);
    body += building(rng, x2, groundY - 40, w2, f2, floorH * 0.92);
    body += building(rng, x1, groundY - 40, w1, f1, floorH);
  } else {
    const floors = Math.min(maxFloors, intBetween(rng, 4, 10));
    const width = between(rng, 760, 1050);
    body += building(rng, (W - width) / 2 + between(rng, -160, 160), groundY - 40, width, floors, floorH);
  }

  // Boundary wall, sidewalk, street with lane marks.
  body += `<rect x="0" y="${groundY - 40}" width="${W}" height="44" fill="#d8c8a8"/>`;
  body += `<rect x="0" y="${groundY - 40}" width="${W}" height="6" fill="#bda983"/>`;
  body += `<rect x="0" y="${groundY}" width="${W}" height="30" fill="#c9c2b4"/>`;
  body += `<rect x="0" y="${groundY + 30}" width="${W}" height="${H - groundY - 30}" fill="url(#road)"/>`;
  for (let x = 20; x < W; x += 160) {
    body += `<rect x="${x}" y="${r1(groundY + 30 + (H - groundY - 30) / 2 - 4)}" width="90" height="8" fill="#f0f0f0" opacity="0.85"/>`;
  }
  // Shrubs along the wall.
  for (let x = between(rng, 0, 40); x < W; x += between(rng, 50, 90)) {
    body += `<ellipse cx="${r1(x)}" cy="${groundY - 42}" rx="${r1(between(rng, 24, 40))}" ry="${r1(between(rng, 14, 22))}" fill="${pick(rng, ["#4f8a4a", "#5e9a52", "#3f7a42"])}"/>`;
  }
  const cars = intBetween(rng, 1, 3);
  for (let i = 0; i < cars; i++) body += car(rng, between(rng, 40, W - 180), groundY + between(rng, 70, 130));
  // Palms in front, at the edges and sometimes in the middle.
  const palms = [between(rng, 40, 160), between(rng, W - 180, W - 40)];
  if (rng() > 0.5) palms.push(between(rng, 500, 1100));
  for (const px of palms) body += palm(rng, px, groundY - 10, between(rng, 300, 430));

  const defs =
    skyDefs(sky) +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g1}"/><stop offset="1" stop-color="${g2}"/></linearGradient>` +
    `<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b5d61"/><stop offset="1" stop-color="#3f4145"/></linearGradient>`;
  return wrap(defs, body);
}

/** SVG of a room: a finished living room, or (odd seeds) a room under construction with bare walls. */
function interiorSvg(seed: number): string {
  const rng = makeRng(seed);
  const finished = seed % 2 === 0;
  const sky = pick(rng, SKIES);
  const wall = finished ? pick(rng, ["#efe7dc", "#e9e4dc", "#f3ece1", "#e6ddd0"]) : "#b9b4ab";
  const floorA = finished ? pick(rng, ["#c8a98a", "#d8cbb8", "#b89272", "#e2dbd0"]) : "#9d978c";
  const floorB = finished ? "#8e6f55" : "#77726a";
  const horizon = between(rng, 640, 700);
  const vx = between(rng, 700, 900);
  let body = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  // Ceiling and perspective side walls.
  body += `<polygon points="0,0 ${W},0 ${W - 200},120 200,120" fill="${finished ? "#f8f5f0" : "#c9c5bd"}"/>`;
  body += `<polygon points="0,0 200,120 200,${r1(horizon)} 0,${H}" fill="#000" opacity="0.07"/>`;
  body += `<polygon points="${W},0 ${W - 200},120 ${W - 200},${r1(horizon)} ${W},${H}" fill="#000" opacity="0.12"/>`;
  // Floor with plank / tile lines converging on a vanishing point.
  body += `<polygon points="200,${r1(horizon)} ${W - 200},${r1(horizon)} ${W},${H} 0,${H}" fill="url(#floor)"/>`;
  for (let i = -8; i <= 8; i++) {
    const bx = W / 2 + i * 130;
    const tx = vx + (bx - vx) * 0.62;
    body += `<line x1="${r1(tx)}" y1="${r1(horizon)}" x2="${r1(bx)}" y2="${H}" stroke="#00000022" stroke-width="2"/>`;
  }
  // Window onto the city.
  const wx = between(rng, 380, 760);
  const ww = between(rng, 420, 560);
  const wy = 190;
  const wh = horizon - 260;
  body += `<rect x="${r1(wx - 14)}" y="${wy - 14}" width="${r1(ww + 28)}" height="${r1(wh + 28)}" fill="${finished ? "#ffffff" : "#8a857c"}"/>`;
  body += `<rect x="${r1(wx)}" y="${wy}" width="${r1(ww)}" height="${r1(wh)}" fill="url(#sky)"/>`;
  for (let x = wx; x < wx + ww; x += between(rng, 40, 80)) {
    const h = between(rng, 40, wh * 0.6);
    body += `<rect x="${r1(x)}" y="${r1(wy + wh - h)}" width="${r1(between(rng, 30, 60))}" height="${r1(h)}" fill="#8aa0b3" opacity="0.7"/>`;
  }
  body += `<rect x="${r1(wx + ww / 2 - 5)}" y="${wy}" width="10" height="${r1(wh)}" fill="${finished ? "#ffffff" : "#8a857c"}"/>`;

  if (finished) {
    const sofa = pick(rng, ["#3d5a6c", "#11504a", "#8c7b6b", "#b5835a", "#6b6f78"]);
    const sx = between(rng, 220, 420);
    // Curtains, rug, sofa with cushions, coffee table, lamp, plant, artwork, ceiling light strip.
    body += `<rect x="${r1(wx - 70)}" y="${wy - 30}" width="60" height="${r1(wh + 80)}" fill="#e8dcc8"/>`;
    body += `<rect x="${r1(wx + ww + 10)}" y="${wy - 30}" width="60" height="${r1(wh + 80)}" fill="#e8dcc8"/>`;
    body += `<ellipse cx="${r1(sx + 380)}" cy="${r1(horizon + 170)}" rx="420" ry="90" fill="${pick(rng, ["#a6543b", "#6b7d5c", "#c9b48a", "#4e6a84"])}" opacity="0.85"/>`;
    body += `<rect x="${r1(sx)}" y="${r1(horizon - 40)}" width="640" height="150" rx="26" fill="${sofa}"/>`;
    body += `<rect x="${r1(sx - 20)}" y="${r1(horizon + 20)}" width="680" height="110" rx="24" fill="${sofa}"/>`;
    body += `<rect x="${r1(sx)}" y="${r1(horizon + 8)}" width="640" height="40" rx="14" fill="#ffffff" opacity="0.12"/>`;
    for (let i = 0; i < 3; i++) {
      body += `<rect x="${r1(sx + 40 + i * 200)}" y="${r1(horizon - 20)}" width="120" height="80" rx="18" fill="${pick(rng, ["#d9a441", "#f2e6d0", "#c97b5a", "#9fc9c2"])}"/>`;
    }
    body += `<rect x="${r1(sx + 180)}" y="${r1(horizon + 170)}" width="300" height="26" rx="6" fill="#5a3e2b"/>`;
    body += `<rect x="${r1(sx + 200)}" y="${r1(horizon + 196)}" width="14" height="60" fill="#3f2b1e"/><rect x="${r1(sx + 446)}" y="${r1(horizon + 196)}" width="14" height="60" fill="#3f2b1e"/>`;
    const lx = W - between(rng, 260, 360);
    body += `<rect x="${r1(lx)}" y="${r1(horizon - 200)}" width="8" height="300" fill="#333"/><path d="M${r1(lx - 50)} ${r1(horizon - 200)} L${r1(lx + 58)} ${r1(horizon - 200)} L${r1(lx + 30)} ${r1(horizon - 280)} L${r1(lx - 22)} ${r1(horizon - 280)}Z" fill="#f5deb3"/>`;
    body += `<rect x="${W - 150}" y="${r1(horizon + 20)}" width="70" height="90" fill="#c2b8a3"/>`;
    for (let i = 0; i < 6; i++) {
      body += `<ellipse cx="${r1(W - 115 + between(rng, -40, 40))}" cy="${r1(horizon - between(rng, 10, 140))}" rx="22" ry="50" fill="#3f7a42" transform="rotate(${r1(between(rng, -40, 40))} ${W - 115} ${r1(horizon + 20)})"/>`;
    }
    body += `<rect x="250" y="230" width="${r1(Math.max(80, wx - 360))}" height="180" fill="${pick(rng, ["#d9a441", "#11504a", "#a0522d"])}" opacity="0.8" stroke="#3f2b1e" stroke-width="8"/>`;
    body += `<rect x="400" y="128" width="${W - 800}" height="10" rx="5" fill="#fff7d6"/>`;
  } else {
    // Bare blockwork, conduit runs, scaffold, material stacks.
    for (let y = 140; y < horizon; y += 40) {
      const off = ((y / 40) % 2) * 50;
      for (let x = 200 + off; x < W - 200; x += 100) {
        body += `<rect x="${x}" y="${y}" width="98" height="38" fill="none" stroke="#a29d93" stroke-width="2"/>`;
      }
    }
    body += `<rect x="${r1(wx - 14)}" y="${wy - 14}" width="${r1(ww + 28)}" height="${r1(wh + 28)}" fill="none" stroke="#6f6a61" stroke-width="14"/>`;
    body += `<path d="M260 150 L260 ${r1(horizon - 120)} L${r1(wx - 40)} ${r1(horizon - 120)}" stroke="#e07b2a" stroke-width="10" fill="none"/>`;
    body += `<path d="M${W - 260} 150 L${W - 260} ${r1(horizon - 60)}" stroke="#2a7be0" stroke-width="10" fill="none"/>`;
    const sx = between(rng, 300, 900);
    for (let i = 0; i < 3; i++) {
      body += `<rect x="${r1(sx + i * 120)}" y="${r1(horizon - 360)}" width="12" height="${r1(360 + i * 40)}" fill="#c2c2c2"/>`;
    }
    body += `<rect x="${r1(sx - 20)}" y="${r1(horizon - 360)}" width="280" height="14" fill="#d9a441"/><rect x="${r1(sx - 20)}" y="${r1(horizon - 180)}" width="280" height="14" fill="#d9a441"/>`;
    for (let i = 0; i < 4; i++) {
      body += `<rect x="${r1(W - 520 + i * 18)}" y="${r1(horizon + 120 - i * 34)}" width="260" height="34" fill="${i % 2 ? "#b7a98f" : "#c9bda6"}" stroke="#8d8473"/>`;
    }
    body += `<ellipse cx="420" cy="${r1(horizon + 220)}" rx="150" ry="40" fill="#8f8a80"/>`;
  }
  // Light from the window across the floor.
  body += `<polygon points="${r1(wx)},${r1(horizon)} ${r1(wx + ww)},${r1(horizon)} ${r1(wx + ww + 260)},${H} ${r1(wx - 160)},${H}" fill="#fff8e1" opacity="0.16"/>`;
  const defs =
    skyDefs(sky) +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floorA}"/><stop offset="1" stop-color="${floorB}"/></linearGradient>`;
  return wrap(defs, body);
}

/** Top view of a tower crane: mast, jib with lattice marks, counter-jib and counterweight, with its shadow. */
function crane(rng: Rng, x: number, y: number): string {
  const angle = between(rng, 0, 360);
  const jib = between(rng, 380, 560);
  let lattice = "";
  for (let d = 40; d < jib; d += 30)
    lattice += `<line x1="${d}" y1="-9" x2="${d + 15}" y2="9" stroke="#8a6d00" stroke-width="2"/>`;
  const arm =
    `<rect x="0" y="-9" width="${r1(jib)}" height="18" fill="#f2c418"/>${lattice}` +
    `<rect x="-150" y="-10" width="150" height="20" fill="#f2c418"/><rect x="-150" y="-22" width="50" height="44" fill="#6b6b6b"/>` +
    `<rect x="-16" y="-16" width="32" height="32" fill="#d1a90c" stroke="#8a6d00" stroke-width="3"/>` +
    `<line x1="${r1(jib * 0.7)}" y1="0" x2="${r1(jib * 0.7)}" y2="40" stroke="#333" stroke-width="3"/>`;
  return (
    `<g transform="translate(${r1(x + 40)} ${r1(y + 50)}) rotate(${r1(angle)})" opacity="0.22">` +
    `<rect x="0" y="-9" width="${r1(jib)}" height="18" fill="#000"/><rect x="-150" y="-22" width="150" height="44" fill="#000"/></g>` +
    `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(angle)})">${arm}</g>`
  );
}

/** SVG of a drone view over a construction site: sand plot, roads, slab with columns, cranes, materials. */
function aerialSvg(seed: number): string {
  const rng = makeRng(seed);
  let body = `<rect width="${W}" height="${H}" fill="url(#sand)"/>`;
  // Speckles for texture.
  for (let i = 0; i < 260; i++) {
    body += `<circle cx="${r1(between(rng, 0, W))}" cy="${r1(between(rng, 0, H))}" r="${r1(between(rng, 2, 7))}" fill="${pick(rng, ["#c9ad7f", "#e6d3ad", "#bfa274"])}" opacity="0.6"/>`;
  }
  // Two roads meeting at the corner of the plot.
  const roadY = between(rng, 210, 250);
  const roadX = between(rng, 1280, 1420);
  body += `<rect x="0" y="${r1(roadY)}" width="${W}" height="110" fill="#4b4d51"/><rect x="${r1(roadX)}" y="0" width="110" height="${H}" fill="#4b4d51"/>`;
  for (let x = 20; x < W; x += 120) {
    if (x > roadX - 60 && x < roadX + 130) continue;
    body += `<rect x="${x}" y="${r1(roadY + 52)}" width="60" height="6" fill="#f0f0f0"/>`;
  }
  for (let y = 20; y < H; y += 120) {
    if (y > roadY - 60 && y < roadY + 130) continue;
    body += `<rect x="${r1(roadX + 52)}" y="${y}" width="6" height="60" fill="#f0f0f0"/>`;
  }
  body += `<rect x="0" y="${r1(roadY + 110)}" width="${r1(roadX)}" height="16" fill="#cfc7b6"/>`;
  // Neighbouring villas (roof tops with shadow) across the road and pools.
  for (let x = 30; x < roadX - 200; x += between(rng, 240, 320)) {
    const w = between(rng, 160, 220);
    body += `<rect x="${r1(x + 12)}" y="${r1(roadY - 200 + 14)}" width="${r1(w)}" height="170" fill="#000" opacity="0.18"/>`;
    body += `<rect x="${r1(x)}" y="${r1(roadY - 200)}" width="${r1(w)}" height="170" fill="${pick(rng, ["#efe8dc", "#e2d6c2", "#f5f2ec"])}"/>`;
    body += `<rect x="${r1(x + 20)}" y="${r1(roadY - 180)}" width="50" height="40" fill="#cfc6b4"/>`;
  }
  // Site hoarding.
  const px = between(rng, 120, 220);
  const py = roadY + 150;
  const pw = roadX - px - 90;
  const ph = H - py - 40;
  body += `<rect x="${r1(px)}" y="${r1(py)}" width="${r1(pw)}" height="${r1(ph)}" fill="#d4bf96" stroke="#11504a" stroke-width="10"/>`;
  // The building slab with a column grid; part of it poured (darker) to show progress.
  const sx = px + between(rng, 80, 140);
  const sy = py + between(rng, 70, 110);
  const sw = pw * between(rng, 0.58, 0.68);
  const sh = ph * between(rng, 0.6, 0.72);
  const poured = between(rng, 0.35, 0.9);
  body += `<rect x="${r1(sx + 24)}" y="${r1(sy + 30)}" width="${r1(sw)}" height="${r1(sh)}" fill="#000" opacity="0.25"/>`;
  body += `<rect x="${r1(sx)}" y="${r1(sy)}" width="${r1(sw)}" height="${r1(sh)}" fill="#b8b6b0"/>`;
  body += `<rect x="${r1(sx)}" y="${r1(sy)}" width="${r1(sw * poured)}" height="${r1(sh)}" fill="#9a9892"/>`;
  const gx = intBetween(rng, 6, 9);
  const gy = intBetween(rng, 4, 6);
  for (let i = 0; i <= gx; i++) {
    for (let j = 0; j <= gy; j++) {
      const cx = sx + (sw * i) / gx;
      const cy = sy + (sh * j) / gy;
      body += `<rect x="${r1(cx - 9)}" y="${r1(cy - 9)}" width="18" height="18" fill="#6e6c67"/>`;
      if (i / gx > poured)
        body += `<line x1="${r1(cx - 12)}" y1="${r1(cy)}" x2="${r1(cx + 12)}" y2="${r1(cy)}" stroke="#8b3a1a" stroke-width="3"/>`;
    }
  }
  for (let i = 0; i < gx; i++) {
    const x = sx + (sw * (i + 0.5)) / gx;
    if (i / gx > poured) {
      for (let y = sy + 10; y < sy + sh; y += 22)
        body += `<line x1="${r1(x - 30)}" y1="${r1(y)}" x2="${r1(x + 30)}" y2="${r1(y)}" stroke="#8b3a1a" stroke-width="2" opacity="0.7"/>`;
    }
  }
  // Stair and lift cores.
  body += `<rect x="${r1(sx + sw * 0.42)}" y="${r1(sy + sh * 0.35)}" width="${r1(sw * 0.12)}" height="${r1(sh * 0.3)}" fill="#807e78" stroke="#5c5a55" stroke-width="4"/>`;
  // Materials, site cabins, a truck, palms along the road.
  for (let i = 0; i < 4; i++) {
    const mx = sx + sw + between(rng, 40, 180);
    const my = sy + i * between(rng, 80, 110);
    body += `<rect x="${r1(mx)}" y="${r1(my)}" width="${r1(between(rng, 70, 120))}" height="${r1(between(rng, 40, 60))}" fill="${pick(rng, ["#8b5a2b", "#9e9e9e", "#c0392b", "#d9a441"])}"/>`;
  }
  for (let i = 0; i < 3; i++) {
    body += `<rect x="${r1(px + 30 + i * 120)}" y="${r1(py + ph - 90)}" width="100" height="60" fill="#f4f4f4" stroke="#11504a" stroke-width="4"/>`;
  }
  const tx = between(rng, px + 500, px + pw - 260);
  body += `<rect x="${r1(tx)}" y="${r1(py + ph - 110)}" width="200" height="70" rx="6" fill="#e8e8e8"/><rect x="${r1(tx + 200)}" y="${r1(py + ph - 106)}" width="60" height="62" rx="8" fill="#d35400"/>`;
  for (let x = 60; x < roadX - 40; x += between(rng, 140, 220)) {
    for (let k = 0; k < 7; k++) {
      const a = (k * Math.PI * 2) / 7;
      body += `<ellipse cx="${r1(x + Math.cos(a) * 22)}" cy="${r1(roadY + 138 + Math.sin(a) * 22)}" rx="26" ry="9" fill="#3b7d43" transform="rotate(${r1((a * 180) / Math.PI)} ${r1(x + Math.cos(a) * 22)} ${r1(roadY + 138 + Math.sin(a) * 22)})"/>`;
    }
  }
  const cranes = intBetween(rng, 1, 2);
  for (let i = 0; i < cranes; i++) body += crane(rng, sx + sw * (0.25 + i * 0.5), sy + sh * between(rng, 0.2, 0.8));
  const defs =
    `<linearGradient id="sand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e3cfa5"/>` +
    `<stop offset="1" stop-color="#d2b98a"/></linearGradient>`;
  return wrap(defs, body);
}

function wrap(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

/** The SVG source of a demo image of `kind` drawn from `seed` (any integer), DEMO_IMAGE_WIDTH × DEMO_IMAGE_HEIGHT px. */
export function demoImageSvg(kind: DemoImageKind, seed: number): string {
  if (kind === "interior") return interiorSvg(seed);
  if (kind === "aerial") return aerialSvg(seed);
  return exteriorSvg(seed);
}

/**
 * Renders a demo image to JPEG bytes (1600 × 1000 px, quality 86, typically 100–300 KB), ready for storeImage.
 * Deterministic for a given (kind, seed). Errors: only sharp's own, if librsvg cannot render (not expected).
 */
export async function renderDemoImage(kind: DemoImageKind, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(demoImageSvg(kind, seed)))
    .jpeg({ quality: 86, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
