/** Where the chosen theme is remembered; read by the inline script and the toggle alike. */
export const THEME_STORAGE_KEY = "docchat.theme";

export type Theme = "light" | "dark";

/**
 * Runs in <head> before first paint, so a dark-theme user never sees a light flash.
 * Without a saved choice it follows the operating system.
 */
export const THEME_INIT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}document.documentElement.classList.toggle("dark",t==="dark")}catch(e){}})()`;
