// Tailwind CSS v4 through PostCSS (app/globals.css imports "tailwindcss").
export default {
  plugins: { "@tailwindcss/postcss": {} },
};
