/**
 * `node scripts/font-metrics.mjs`: prints the @font-face descriptors (size-adjust, ascent-override, descent-override,
 * line-gap-override) that make the local fallback Noto Sans Arabic take the space IBM Plex Sans Arabic takes, so the
 * swap to the web font does not move the text (docs/performance/web.md "fonts"). Shapes a sample of the site's Arabic
 * with HarfBuzz (harfbuzzjs, a dependency of subset-font) in both fonts and compares the advance widths; the metric
 * overrides are divided by size-adjust because the browser scales them by it (CSS Fonts 5 §size-adjust).
 * Needs Debian's fonts-noto-core (/usr/share/fonts/truetype/noto). The figures are copied into src/web/app.css.
 */
import { readFileSync } from "node:fs";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";

const SAMPLE =
  "شركة تطوير عقاري في جدة تقدم مشاريع سكنية متميزة بأسعار مناسبة وتصاميم عصرية الرئيسية جميع المشاريع آخر التحديثات تواصل معنا";

function measure(bytes) {
  const face = new hb.Face(new hb.Blob(bytes), 0);
  const font = new hb.Font(face);
  const buffer = new hb.Buffer();
  buffer.addText(SAMPLE);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const width = buffer.getGlyphPositions().reduce((sum, glyph) => sum + glyph.xAdvance, 0) / face.upem;
  return { width, extents: font.hExtents(), upem: face.upem };
}

for (const [weight, noto] of [
  [400, "Regular"],
  [700, "Bold"],
]) {
  const plex = await subsetFont(
    readFileSync(
      `node_modules/@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`,
    ),
    `${SAMPLE} `,
    { targetFormat: "truetype" },
  );
  const p = measure(plex);
  const n = measure(readFileSync(`/usr/share/fonts/truetype/noto/NotoSansArabic-${noto}.ttf`));
  const sizeAdjust = p.width / n.width;
  const pct = (value) => `${((value / p.upem / sizeAdjust) * 100).toFixed(1)}%`;
  process.stdout.write(
    `${weight}: size-adjust: ${(sizeAdjust * 100).toFixed(1)}%; ascent-override: ${pct(p.extents.ascender)}; ` +
      `descent-override: ${pct(-p.extents.descender)}; line-gap-override: ${pct(p.extents.lineGap)};\n`,
  );
}
