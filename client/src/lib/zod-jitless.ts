// zod builds fast object parsers with `new Function` when the page allows it, and finds out by trying once, as the
// first object schema is made. The page's policy forbids evaluating strings, so the browser reported that try as a
// violation on every page with a form. Jitless, zod never tries. main.tsx imports this before anything else.
import { z } from 'zod';

z.config({ jitless: true });
