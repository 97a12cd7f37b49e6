/** Tailwind CSS 4 through its PostCSS plugin (Next's built-in PostCSS pipeline). */
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
