import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';

interface CarouselProps {
  label: string;
  prevLabel: string;
  nextLabel: string;
  /** e.g. (n, total) => `${n} of ${total}`, translated by the page. */
  slideLabel: (position: number, total: number) => string;
  children: ReactNode;
  className?: string;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A row of slides that scrolls sideways inside its own box (never the page), with previous/next buttons.
 * Scroll snapping does the layout; buttons move by one slide; arrow keys scroll the focused row.
 */
export function Carousel({ label, prevLabel, nextLabel, slideLabel, children, className }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // Scroll offsets are negative in right-to-left layouts.
    const offset = Math.abs(el.scrollLeft);
    setAtStart(offset <= 1);
    setAtEnd(offset + el.clientWidth >= el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    update();
    const el = track.current;
    if (!el) return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [update]);

  const move = (direction: 1 | -1) => {
    const el = track.current;
    const first = el?.firstElementChild as HTMLElement | null;
    if (!el || !first) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const rtl = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: direction * rtl * (first.offsetWidth + gap), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className={clsx('relative', className)}>
      <div
        ref={track}
        onScroll={update}
        tabIndex={0}
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-4 [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(index + 1, slides.length)}
            className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.5rem)] lg:w-[calc(25%-0.75rem)]"
          >
            {slide}
          </div>
        ))}
      </div>
      <div className="mt-2 flex justify-end gap-2 lg:hidden">
        <button
          type="button"
          onClick={() => move(-1)}
          disabled={atStart}
          aria-label={prevLabel}
          className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5 rtl:rotate-180" />
        </button>
        <button
          type="button"
          onClick={() => move(1)}
          disabled={atEnd}
          aria-label={nextLabel}
          className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5 rtl:rotate-180" />
        </button>
      </div>
    </div>
  );
}
