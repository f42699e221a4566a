// The i18n check of the web app's .tsx files: literal text in JSX.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './i18n-check-sources.mjs';

const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'description', 'error']);

export function listTsx(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'testing') listTsx(path, out);
    } else if (entry.endsWith('.tsx') && !entry.endsWith('.test.tsx') && entry !== 'test-utils.tsx') {
      out.push(path);
    }
  }
  return out;
}

/** JSX text that a person would read and that does not come from a translation. */
export async function findJsxLiterals(srcDir) {
  const { default: ts } = await import('typescript');
  const found = [];
  for (const file of listTsx(srcDir)) {
    const source = readFileSync(file, 'utf8');
    if (/i18n-ignore-file/.test(source)) continue;
    const lines = source.split('\n');
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node, text) => {
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      if (/i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')) return;
      found.push(`${relative(ROOT, file)}:${line + 1}: literal text in JSX: "${text.trim().replace(/\s+/g, ' ').slice(0, 60)}"`);
    };
    const hasLetters = (text) => /\p{L}/u.test(text);
    const visit = (node) => {
      if (ts.isJsxText(node) && hasLetters(node.text)) report(node, node.text);
      if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const expression = node.expression;
        if ((ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) && hasLetters(expression.text)) report(node, expression.text);
      }
      if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sourceFile))) {
        const initializer = node.initializer;
        const literal =
          initializer && ts.isStringLiteral(initializer)
            ? initializer
            : initializer && ts.isJsxExpression(initializer) && initializer.expression && (ts.isStringLiteral(initializer.expression) || ts.isNoSubstitutionTemplateLiteral(initializer.expression))
              ? initializer.expression
              : null;
        if (literal && hasLetters(literal.text)) report(node, `${node.name.getText(sourceFile)}="${literal.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}
