/**
 * Rule-level helpers of the critical CSS (src/server/pages/critical-css.ts): @property fallbacks, empty blocks, custom
 * property blocks and the rules of a stylesheet that another one already holds.
 */
import postcss from "postcss";

/**
 * A custom property block inside `@supports`: Tailwind's initial values for browsers without `@property` (the
 * condition is false in the others, which then skip the whole block: it costs them neither bytes of the first screen
 * nor a restyle when it comes after it).
 */
export function isPropertyFallback(rule: postcss.Rule): boolean {
  for (let parent: postcss.Node | undefined = rule.parent; parent; parent = parent.parent) {
    if (parent.type === "atrule" && (parent as postcss.AtRule).name === "supports") return definesOnlyProperties(rule);
  }
  return false;
}

/** `css` without its @property fallback blocks (isPropertyFallback; pageCss gives them to the rest) and empty blocks. */
export function withoutPropertyFallback(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (isPropertyFallback(rule)) rule.remove();
  });
  removeEmptyBlocks(root);
  return root.toString();
}

/** Removes the rules and at-rules left without content, until none is left. */
export function removeEmptyBlocks(root: postcss.Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === "rule" || node.type === "atrule") && node.nodes !== undefined && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
}

/** A custom property block: a definition selector (isDefinitionBlock) with only `--…` declarations. */
export function definesOnlyProperties(rule: postcss.Rule): boolean {
  return (
    isDefinitionBlock(rule.selector) && rule.nodes.every((node) => node.type === "decl" && node.prop.startsWith("--"))
  );
}

/** A rule's or a leaf at-rule's text within its at-rule context (`@media …>@layer …>selector{…}`). */
export function ruleKey(node: postcss.ChildNode): string {
  // Text as PostCSS prints it, without the optional last semicolon of a block (the two inputs may differ there).
  let key = node.toString().replace(/;(\s*)\}/g, "$1}");
  for (let parent: postcss.Node | undefined = node.parent; parent && parent.type === "atrule"; parent = parent.parent) {
    key = `@${(parent as postcss.AtRule).name} ${(parent as postcss.AtRule).params}>${key}`;
  }
  return key;
}

/**
 * `css` without the rules that `critical` already has (compared by ruleKey), without the custom property blocks and
 * `@property` registrations (pageCss keeps all of them in `critical`) but for the @property fallback blocks
 * (isPropertyFallback), and without the blocks left empty.
 */
export function withoutRulesOf(css: string, critical: string): string {
  const present = new Set<string>();
  postcss.parse(critical).walk((node) => {
    if (node.type === "rule" || (node.type === "atrule" && node.nodes === undefined)) present.add(ruleKey(node));
    else if (node.type === "atrule" && ["font-face", "keyframes"].includes(node.name)) present.add(ruleKey(node));
  });
  const root = postcss.parse(css);
  root.walk((node) => {
    if (node.type === "atrule" && node.name === "property") node.remove();
    else if (node.type === "atrule" && ["font-face", "keyframes"].includes(node.name) && present.has(ruleKey(node))) {
      node.remove();
    } else if (node.type === "rule" && isPropertyFallback(node)) {
      // Kept: the head has none (withoutPropertyFallback).
    } else if (node.type === "rule" && (definesOnlyProperties(node) || present.has(ruleKey(node)))) node.remove();
    else if (node.type === "atrule" && node.nodes === undefined && present.has(ruleKey(node))) node.remove();
  });
  removeEmptyBlocks(root);
  return root.toString();
}

/** A rule that only defines custom properties for every element or the root (`:root`, `*, :before, :after`, …). */
export function isDefinitionBlock(selector: string): boolean {
  return /^(:root|:host|\*|:before|:after|::?backdrop|,|\s)+$/.test(selector);
}
