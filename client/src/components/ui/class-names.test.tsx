// Class names are joined (clsx), not merged: a class that restates one a component sets itself (a second height, a
// second background) would leave the page to whichever rule the stylesheet happens to list last. This test reads the
// client's source and finds such a pair, with tailwind-merge (a development dependency only) telling which classes
// contradict each other: at a component's call site against the component's own classes, and between the parts of
// one clsx() call. Why the product does not merge at run time: docs/decisions/0051.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Button, buttonClasses, type ButtonSize, type ButtonVariant } from './button';
import { Card } from './card';
import { CheckList } from './check-list';
import { Input, Select, Textarea } from './field';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

type Props = Record<string, string | boolean>;

/** The shared components that take a className beside classes of their own, drawn with a call site's looks. */
const COMPONENTS: Record<string, (props: Props) => ReactElement> = {
  Button: (props) => <Button {...(props as object)} />,
  Card: (props) => <Card {...(props as object)} />,
  CheckList: () => <CheckList items={[]} />,
  Input: (props) => <Input {...(props as object)} />,
  Select: (props) => <Select {...(props as object)} />,
  Textarea: (props) => <Textarea {...(props as object)} />,
  Skeleton: (props) => <Skeleton {...(props as object)} />,
  Spinner: (props) => <Spinner {...(props as object)} />,
};

const ownClasses = (element: ReactElement) => /class="([^"]*)"/.exec(renderToStaticMarkup(element))?.[1] ?? '';

/** The classes of `given` that take the place of one of `own` (or of another given one) once merged. */
function contradicted(own: string, given: string): string[] {
  const classes = [...new Set(`${own} ${given}`.split(/\s+/).filter(Boolean))];
  const kept = new Set(twMerge(classes.join(' ')).split(' '));
  return classes.filter((name) => !kept.has(name));
}

function literalsIn(node: ts.Node, into: string[] = []): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) into.push(node.text);
  else
    ts.forEachChild(node, (child) => {
      literalsIn(child, into);
    });
  return into;
}

/** The props that choose a component's own classes. */
const LOOKS = ['variant', 'size', 'tone', 'controlSize', 'fullWidth', 'corner', 'rows'];

/** A call site's props that choose the component's own classes, when written as literals. */
function propsOf(attributes: ts.JsxAttributes): Props {
  const props: Props = {};
  for (const attribute of attributes.properties) {
    if (!ts.isJsxAttribute(attribute) || !attribute.initializer || !LOOKS.includes(attribute.name.getText())) continue;
    const name = attribute.name.getText();
    const value = attribute.initializer;
    const expression = ts.isJsxExpression(value) ? value.expression : undefined;
    if (ts.isStringLiteral(value)) props[name] = value.text;
    else if (expression && ts.isNumericLiteral(expression)) props[name] = expression.text;
    else if (expression && [ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword].includes(expression.kind)) {
      props[name] = expression.kind === ts.SyntaxKind.TrueKeyword;
    }
  }
  return props;
}

/** Where a class given in `source` contradicts another one on the same element. */
function findContradictions(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const where = (node: ts.Node) => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      const draw = COMPONENTS[node.tagName.getText()];
      const className = node.attributes.properties.find((attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText() === 'className');
      if (draw && className && ts.isJsxAttribute(className) && className.initializer) {
        const own = ownClasses(draw(propsOf(node.attributes)));
        for (const given of literalsIn(className.initializer)) {
          const lost = contradicted(own, given);
          if (lost.length > 0) found.push(`${where(node)}: <${node.tagName.getText()}> given "${given}" against ${lost.join(' ')}`);
        }
      }
    }
    if (ts.isCallExpression(node) && node.expression.getText() === 'buttonClasses') {
      const [options] = node.arguments;
      if (options && ts.isObjectLiteralExpression(options)) {
        const literal = (name: string) => {
          const property = options.properties.find((candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name);
          return property && ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer) ? property.initializer.text : undefined;
        };
        const className = options.properties.find((candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === 'className');
        if (className && ts.isPropertyAssignment(className)) {
          const own = buttonClasses({ variant: literal('variant') as ButtonVariant | undefined, size: literal('size') as ButtonSize | undefined });
          for (const given of literalsIn(className.initializer)) {
            const lost = contradicted(own, given);
            if (lost.length > 0) found.push(`${where(node)}: buttonClasses given "${given}" against ${lost.join(' ')}`);
          }
        }
      }
    }
    if (ts.isCallExpression(node) && node.expression.getText() === 'clsx') {
      // Alternatives within one part (a ? 'x' : 'y') never meet; parts meet each other.
      const parts = node.arguments.map((argument) => literalsIn(argument));
      parts.forEach((earlier, index) => {
        for (const later of parts.slice(index + 1)) {
          for (const a of earlier) {
            for (const b of later) {
              const lost = contradicted(a, b);
              if (lost.length > 0) found.push(`${where(node)}: clsx("${a}", "${b}") contradicts itself in ${lost.join(' ')}`);
            }
          }
        }
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const root = path.resolve(import.meta.dirname, '../../../..');

describe('class names given beside a component’s own', () => {
  it('never contradict them, anywhere in the client', () => {
    const files = execFileSync('git', ['ls-files', 'client/src/*.tsx'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !file.includes('.test.'));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => findContradictions(file, readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('are found when they do: a second border, height or colour', () => {
    const source = [
      'const a = <Card className="border-2 border-brand-700 p-6" />;',
      'const b = <Select controlSize="sm" className="h-10 mt-2" />;',
      'const c = <Button variant="outline" className="text-red-800 w-full" />;',
      "const d = <p className={clsx('font-medium text-slate-900', blocked && 'text-slate-500')} />;",
      "const e = <a className={buttonClasses({ size: 'lg', className: 'h-9' })} />;",
      'const fine = <Card tone="featured" className="flex p-6" />;',
    ].join('\n');
    const found = findContradictions('example.tsx', source);
    expect(found).toEqual([
      'example.tsx:1: <Card> given "border-2 border-brand-700 p-6" against border border-slate-200',
      'example.tsx:2: <Select> given "h-10 mt-2" against h-9',
      'example.tsx:3: <Button> given "text-red-800 w-full" against text-slate-900',
      'example.tsx:4: clsx("font-medium text-slate-900", "text-slate-500") contradicts itself in text-slate-900',
      'example.tsx:5: buttonClasses given "h-9" against h-12',
    ]);
  });
});
