import { useId, type ReactNode } from 'react';

/*
 * The hero's picture of the product: a job seeker's introduction video on a phone, reviewed, among people of the
 * trades our job seekers work in (hospitality, security, cleaning, warehouse, retail; construction on the phone).
 * Decorative: the texts beside it say what it shows, so assistive technology skips it, and it carries no words,
 * so no language needs its own copy. Drawn inline (a few kilobytes, no request, part of the server-rendered page);
 * its width, height and viewBox reserve its box before it is drawn. Nothing in it mirrors for right-to-left
 * languages: a phone, a play button and people read the same either way.
 *
 * Colours are the theme's (fill-brand-*, fill-sand-*, fill-slate-*, and Tailwind's amber and orange for safety
 * wear); skin and hair have no theme colours, so they are the constants below.
 */
const SKIN = { deep: '#7a4a2a', brown: '#a86b3c', tan: '#c98e5a', light: '#e8b98a' } as const;
const HAIR = '#2a1d17';

const HERO_ART_WIDTH = 560;
const HERO_ART_HEIGHT = 480;

/** Eyes and a smile for the head of Head, centred at (0, -12). */
function Face() {
  return (
    <>
      <circle cx={-6} cy={-13} r={1.9} className="fill-slate-900" />
      <circle cx={6} cy={-13} r={1.9} className="fill-slate-900" />
      <path d="M-5-5q5 4 10 0" fill="none" strokeWidth={1.8} strokeLinecap="round" className="stroke-slate-900" />
    </>
  );
}

/** Neck, ears and head of one skin tone: the body and the clothes go around it. */
function Head({ skin }: { skin: string }) {
  return (
    <>
      <rect x={-6} y={-2} width={12} height={16} fill={skin} />
      <circle cx={-16} cy={-11} r={4} fill={skin} />
      <circle cx={16} cy={-11} r={4} fill={skin} />
      <circle cx={0} cy={-12} r={16} fill={skin} />
    </>
  );
}

const SHOULDERS = 'M-38 48c0-24 16-36 38-36s38 12 38 36z';

/** A round portrait at (x, y): its background, a white ring, and the person clipped to the circle. */
function Portrait({ x, y, clip, background, children }: { x: number; y: number; clip: string; background: string; children: ReactNode }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle cy={4} r={49} className="fill-slate-900" opacity={0.08} />
      <circle r={49} className="fill-white" />
      <g clipPath={`url(#${clip})`}>
        <circle r={44} className={background} />
        {children}
      </g>
    </g>
  );
}

function Chef() {
  // A little lower than the others, so the hat fits in the circle.
  return (
    <g transform="translate(0 5)">
      <path d={SHOULDERS} strokeWidth={1.5} className="fill-white stroke-slate-300" />
      <path d="M-8 12l8 9 8-9z" className="fill-brand-600" />
      <circle cx={-8} cy={28} r={1.8} className="fill-slate-400" />
      <circle cx={8} cy={28} r={1.8} className="fill-slate-400" />
      <circle cx={-8} cy={38} r={1.8} className="fill-slate-400" />
      <circle cx={8} cy={38} r={1.8} className="fill-slate-400" />
      <Head skin={SKIN.deep} />
      <Face />
      <path d="M-13-25v-5a7 7 0 0 1 4-10a9 9 0 0 1 18 0a7 7 0 0 1 4 10v5z" strokeWidth={1.5} className="fill-white stroke-slate-300" />
    </g>
  );
}

function Guard() {
  return (
    <>
      <path d={SHOULDERS} className="fill-slate-700" />
      <path d="M-9 12l9 8 9-8z" className="fill-slate-200" />
      <path d="M-2.5 18h5l2 18-4.5 5-4.5-5z" className="fill-slate-900" />
      <path d="M17 24h9v6c0 4-2 6-4.5 7-2.5-1-4.5-3-4.5-7z" className="fill-amber-400" />
      <Head skin={SKIN.tan} />
      <Face />
      <path d="M-6-7.5q6-3 12 0q-6 2-12 0z" fill={HAIR} />
      <path d="M-18-24q-1-16 18-17q19 1 18 17z" className="fill-slate-800" />
      <rect x={-18} y={-26} width={36} height={6} className="fill-slate-900" />
      <circle cx={0} cy={-32} r={3.5} className="fill-amber-400" />
      <path d="M-17-21h34l-5 5h-24z" className="fill-slate-900" />
    </>
  );
}

function Cleaner() {
  return (
    <>
      <path d={SHOULDERS} className="fill-brand-600" />
      <path d="M-22-12a22 24 0 0 1 44 0v20c0 8-10 13-22 13s-22-5-22-13z" className="fill-slate-700" />
      <ellipse cy={-11} rx={13} ry={15} fill={SKIN.brown} />
      <Face />
      <path d="M-9 22h18" strokeWidth={2} className="stroke-white" />
      {/* A spray bottle in the hand. */}
      <path d="M18 4v-9h12l8 6h-7v3z" className="fill-slate-600" />
      <rect x={16} y={4} width={17} height={36} rx={4} className="fill-brand-200" />
      <rect x={19} y={16} width={11} height={11} rx={1.5} className="fill-white" />
      <ellipse cx={16} cy={26} rx={5} ry={7} fill={SKIN.brown} />
    </>
  );
}

function WarehouseWorker() {
  return (
    <>
      <path d={SHOULDERS} className="fill-slate-500" />
      <Head skin={SKIN.brown} />
      <Face />
      <path d="M-17-18a17 17 0 0 1 34 0z" className="fill-brand-700" />
      <path d="M-2-19h26q2 4-3 5h-23z" className="fill-brand-800" />
      {/* A carton held in both hands. */}
      <rect x={-22} y={14} width={44} height={32} rx={2} className="fill-orange-300" />
      <rect x={-5} y={14} width={10} height={14} className="fill-orange-100" />
      <path d="M-22 20h44" strokeWidth={1.5} className="stroke-orange-400" />
      <circle cx={-22} cy={30} r={5} fill={SKIN.brown} />
      <circle cx={22} cy={30} r={5} fill={SKIN.brown} />
    </>
  );
}

function ShopAssistant() {
  return (
    <>
      <path d="M-19-12c0-14 8-22 19-22s19 8 19 22v26h-38z" fill={HAIR} />
      <path d={SHOULDERS} strokeWidth={1.5} className="fill-white stroke-slate-300" />
      <path d="M-15 48v-28h30v28z" className="fill-brand-600" />
      <path d="M-15 20l-6-8M15 20l6-8" strokeWidth={3} className="stroke-brand-600" />
      <rect x={3} y={25} width={9} height={5} rx={1} className="fill-white" />
      <Head skin={SKIN.light} />
      <Face />
      <path d="M-17-12c0-12 7-20 17-20s17 8 17 20c-8 0-14-4-17-9-3 5-9 9-17 9z" fill={HAIR} />
    </>
  );
}

export function HeroArt({ className }: { className?: string }) {
  // Ids for the two clip paths, unique however many times the page renders the picture.
  const id = useId();
  const videoClip = `${id}video`;
  const portraitClip = `${id}portrait`;
  return (
    <svg
      viewBox={`0 0 ${HERO_ART_WIDTH} ${HERO_ART_HEIGHT}`}
      width={HERO_ART_WIDTH}
      height={HERO_ART_HEIGHT}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <defs>
        <clipPath id={videoClip}>
          <path d="M195 265V55a26 26 0 0 1 26-26h118a26 26 0 0 1 26 26v210z" />
        </clipPath>
        <clipPath id={portraitClip}>
          <circle r={44} />
        </clipPath>
      </defs>

      <circle cx={280} cy={236} r={212} className="fill-brand-100" opacity={0.7} />
      <circle cx={58} cy={148} r={7} className="fill-sand-200" />
      <circle cx={508} cy={420} r={10} className="fill-sand-200" />
      <circle cx={500} cy={92} r={5} className="fill-brand-200" />

      {/* The phone. */}
      <rect x={188} y={26} width={188} height={424} rx={34} className="fill-slate-900" opacity={0.1} />
      <rect x={186} y={20} width={188} height={424} rx={34} className="fill-slate-900" />
      <rect x={195} y={29} width={170} height={406} rx={26} className="fill-white" />

      {/* The introduction video: a construction worker on site, paused at its start. */}
      <g clipPath={`url(#${videoClip})`}>
        <rect x={195} y={29} width={170} height={236} className="fill-sand-100" />
        <rect x={206} y={150} width={22} height={115} className="fill-sand-200" />
        <rect x={232} y={182} width={18} height={83} className="fill-sand-200" />
        <rect x={314} y={122} width={22} height={143} className="fill-sand-200" />
        <rect x={340} y={168} width={20} height={97} className="fill-sand-200" />
        <path d="M220 150V84M204 84h46M244 84v22" fill="none" strokeWidth={3} className="stroke-slate-300" />
        <path d="M212 265c0-48 26-70 68-70s68 22 68 70z" className="fill-slate-600" />
        <path d="M222 265c0-42 20-62 44-67l14 28 14-28c24 5 44 25 44 67z" className="fill-orange-500" />
        <path d="M247 202v63M313 202v63M224 243h112" strokeWidth={5} className="stroke-sand-50" />
        <rect x={270} y={174} width={20} height={24} fill={SKIN.tan} />
        <circle cx={252} cy={156} r={6} fill={SKIN.tan} />
        <circle cx={308} cy={156} r={6} fill={SKIN.tan} />
        <circle cx={280} cy={154} r={28} fill={SKIN.tan} />
        <circle cx={270} cy={156} r={2.8} className="fill-slate-900" />
        <circle cx={290} cy={156} r={2.8} className="fill-slate-900" />
        <path d="M270 165q10-5 20 0q-10 3-20 0z" fill={HAIR} />
        <path d="M271 170q9 6 18 0" fill="none" strokeWidth={2.5} strokeLinecap="round" className="stroke-slate-900" />
        <path d="M246 140a34 34 0 0 1 68 0z" className="fill-amber-400" />
        <rect x={276} y={107} width={8} height={33} rx={4} className="fill-amber-500" />
        <rect x={238} y={136} width={84} height={9} rx={4.5} className="fill-amber-400" />
        <circle cx={280} cy={220} r={21} className="fill-white" opacity={0.94} />
        <path d="M274 209v22l18-11z" className="fill-brand-700" />
        <rect x={207} y={252} width={146} height={4} rx={2} className="fill-white" opacity={0.8} />
        <rect x={207} y={252} width={40} height={4} rx={2} className="fill-brand-500" />
        <circle cx={247} cy={254} r={5} className="fill-brand-600" />
      </g>
      <rect x={254} y={37} width={52} height={14} rx={7} className="fill-slate-900" />

      {/* The profile under the video: name with its reviewed mark, trade, skills, contact. */}
      <rect x={209} y={281} width={84} height={10} rx={5} className="fill-slate-800" />
      <circle cx={304} cy={286} r={7} className="fill-brand-600" />
      <path d="M300.5 286l2.5 2.5 4.5-5" fill="none" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="stroke-white" />
      <rect x={209} y={300} width={118} height={7} rx={3.5} className="fill-slate-300" />
      <rect x={209} y={313} width={90} height={7} rx={3.5} className="fill-slate-200" />
      <rect x={209} y={331} width={46} height={18} rx={9} className="fill-brand-50 stroke-brand-200" />
      <rect x={261} y={331} width={40} height={18} rx={9} className="fill-sand-100 stroke-sand-200" />
      <rect x={307} y={331} width={44} height={18} rx={9} className="fill-brand-50 stroke-brand-200" />
      <rect x={209} y={364} width={104} height={32} rx={16} className="fill-brand-600" />
      <rect x={239} y={377} width={44} height={6} rx={3} className="fill-white" opacity={0.9} />
      <circle cx={335} cy={380} r={16} className="fill-brand-50 stroke-brand-200" />
      <rect x={327} y={374} width={16} height={12} rx={2} fill="none" strokeWidth={1.8} className="stroke-brand-700" />
      <path d="M327.5 375.5l7.5 5.5 7.5-5.5" fill="none" strokeWidth={1.8} strokeLinejoin="round" className="stroke-brand-700" />
      <rect x={250} y={420} width={60} height={4} rx={2} className="fill-slate-200" />

      {/* Reviewed: the seal on the phone's corner. */}
      <path d="M368 70l22 9v15c0 15-10 26-22 30-12-4-22-15-22-30V79z" className="fill-slate-900" opacity={0.12} />
      <path d="M366 64l22 9v15c0 15-10 26-22 30-12-4-22-15-22-30V73z" strokeWidth={4} strokeLinejoin="round" className="fill-brand-600 stroke-white" />
      <path d="M356 90l7 7 13-14" fill="none" strokeWidth={4} strokeLinecap="round" strokeLinejoin="round" className="stroke-white" />

      <Portrait x={112} y={96} clip={portraitClip} background="fill-sand-100">
        <Chef />
      </Portrait>
      <Portrait x={80} y={244} clip={portraitClip} background="fill-slate-100">
        <Guard />
      </Portrait>
      <Portrait x={120} y={388} clip={portraitClip} background="fill-brand-50">
        <Cleaner />
      </Portrait>
      <Portrait x={452} y={186} clip={portraitClip} background="fill-brand-50">
        <WarehouseWorker />
      </Portrait>
      <Portrait x={446} y={344} clip={portraitClip} background="fill-sand-100">
        <ShopAssistant />
      </Portrait>
    </svg>
  );
}
