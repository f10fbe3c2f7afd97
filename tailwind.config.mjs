/** The product's theme: a single light theme. Loaded by src/styles/global.css through `@config`. */
/** @type {import('tailwindcss').Config} */
export default {
  theme: {
    extend: {
      colors: {
        primary: '#333333',
        secondary: '#666666',
        accent: '#999999',
        info: '#666666',
        warning: '#dd807f',
        error: '#dd807f',
        success: '#333333',
      },
      fontFamily: {
        // No web fonts: the Japanese system font stack.
        sans: [
          '"Hiragino Kaku Gothic ProN"',
          '"Hiragino Sans"',
          '"Noto Sans JP"',
          '"Noto Sans CJK JP"',
          'Meiryo',
          '"Yu Gothic UI"',
          'system-ui',
          'sans-serif',
        ],
      },
    },
  },
};
