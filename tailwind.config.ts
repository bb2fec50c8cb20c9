import type { Config } from 'tailwindcss';

// Loaded by client/src/index.css through @config. Brand colours and fonts live here.
export default {
  content: ['./client/index.html', './client/src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#ecfdf5',
          100: '#d1fae5',
          200: '#a7f3d0',
          500: '#10b981',
          600: '#059669',
          700: '#047857',
          800: '#065f46',
          900: '#064e3b',
        },
        sand: {
          50: '#fdfbf7',
          100: '#f7f1e6',
          200: '#efe3cc',
        },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Noto Sans', 'Noto Sans Arabic', 'sans-serif'],
      },
    },
  },
} satisfies Config;
