import { act, screen, within } from '@testing-library/preact';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderForReader } from '@/test/render';
import { Hero } from './hero';
import { HeroArt } from './hero-art';

const heroSection = () => screen.getByRole('region', { name: 'Stand Out. Get Discovered.' });

describe('the hero', () => {
  it('keeps its words, with the headline as the first heading, and its picture hidden from assistive technology', async () => {
    await renderForReader(<Hero />, { namespaces: ['landing'] });
    const [first] = screen.getAllByRole('heading');
    expect(first?.tagName).toBe('H1');
    expect(first).toHaveTextContent('Stand Out. Get Discovered.');

    const hero = heroSection();
    expect(within(hero).getByText(/^Early Access: free for job seekers until/)).toBeInTheDocument();
    expect(within(hero).getByText(/^Show companies who you are/)).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Create Your Profile' })).toHaveAttribute('href', '/signup?type=candidate');
    expect(within(hero).getByRole('link', { name: 'For Employers' })).toHaveAttribute('href', '#for-employers');
    expect(within(hero).getByText('Reviewed profiles · Verified companies · No agency fees')).toBeInTheDocument();

    // The badge's icon and the picture: both for the eye only, and the picture says nothing to be translated.
    const pictures = hero.querySelectorAll('svg');
    expect(pictures).toHaveLength(2);
    for (const svg of pictures) expect(svg).toHaveAttribute('aria-hidden', 'true');
    const art = pictures[1]!;
    expect(art).toHaveAttribute('focusable', 'false');
    expect(art.textContent).toBe('');
    expect(art.querySelectorAll('text, title, desc, a')).toHaveLength(0);
    // Its box is known before anything loads: a size and the viewBox's proportions.
    expect(art).toHaveAttribute('viewBox', '0 0 560 480');
    expect(art).toHaveAttribute('width', '560');
    expect(art).toHaveAttribute('height', '480');
  });

  it('clips with its own clip paths, named for the picture', async () => {
    await renderForReader(<HeroArt />);
    const svg = document.querySelector('svg')!;
    const own = [...svg.querySelectorAll('[id]')].map((element) => element.id);
    expect(own).toEqual(['hero-art-video', 'hero-art-portrait']);
    const used = [...svg.querySelectorAll('[clip-path]')].map((element) => element.getAttribute('clip-path')!.slice(5, -1));
    expect(used.length).toBeGreaterThan(0);
    for (const id of used) expect(own, id).toContain(id);
  });

  it('is taken over as the server rendered it, its drawing left as it is', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<HeroArt className="w-full" />);
    document.body.append(container);
    const before = container.innerHTML;
    const serverSvg = container.querySelector('svg');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <HeroArt className="w-full" />);
    });
    // Preact compares no attributes while it hydrates: the same node, and the same markup, are what show a match.
    expect(container.querySelector('svg')).toBe(serverSvg);
    expect(container.innerHTML).toBe(before);
    act(() => root!.unmount());
    container.remove();
  });
});
