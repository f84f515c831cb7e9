/** Types of scripts/subset-fonts.mjs (imported by vite.config.ts). */
export declare const BASE_RANGES: [number, number][];
export declare function siteCharacters(root: string): string;
export declare function subsetFonts(options: { root: string }): Promise<string>;
