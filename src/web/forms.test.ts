/**
 * Every form of the site leaves validation to the domain schemas' Arabic messages (docs/architecture.md resolution
 * 11, "No English"): each `<form>` and React Router `<Form>` under src/web carries `noValidate`, so the browser's
 * own validation bubbles (in the browser's language, e.g. "Please enter a number") never show. The JSX is read
 * with TypeScript's parser; a failure names the file and line of each form without it.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const WEB = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** "file:line" of each form element that lacks the noValidate attribute. */
function formsWithoutNoValidate(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source);
      if (tag === "form" || tag === "Form") {
        const has = node.attributes.properties.some(
          (attr) => ts.isJsxAttribute(attr) && attr.name.getText(source) === "noValidate",
        );
        if (!has) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          found.push(`${path.relative(WEB, file)}:${line}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("forms", () => {
  it("every form under src/web has noValidate (Arabic messages from the domain schemas, not the browser's)", () => {
    const files = sourceFiles(WEB);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(formsWithoutNoValidate)).toEqual([]);
  });
});
