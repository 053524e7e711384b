import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next*/**",
      "node_modules/**",
      "data/**",
      "lib/db/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      ".scratch/**",
    ],
  },
];
export default config;
