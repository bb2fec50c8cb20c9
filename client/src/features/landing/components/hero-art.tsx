import drawing from './hero-art.svg?raw';

/*
 * The hero's picture of the product (the drawing and what it shows: hero-art.svg). Drawn inline, so the theme's
 * classes colour it and it needs no request of its own; its width, height and viewBox reserve its box before it is
 * drawn.
 *
 * Its inside is set as markup rather than written as elements: Preact then takes over the server's copy of it without
 * walking its 150 shapes one by one. They were a third of the landing page's elements, and so of the work a phone
 * does before the page answers (docs/decisions/0051).
 */
const WIDTH = 560;
const HEIGHT = 480;

// The drawing's inside, without its comments and the spaces between its elements: it goes into every landing page.
const INSIDE = drawing
  .slice(drawing.indexOf('>', drawing.indexOf('<svg')) + 1, drawing.lastIndexOf('</svg>'))
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/>\s+</g, '><')
  .trim();

export function HeroArt({ className }: { className?: string }) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      focusable="false"
      className={className}
      dangerouslySetInnerHTML={{ __html: INSIDE }}
    />
  );
}
