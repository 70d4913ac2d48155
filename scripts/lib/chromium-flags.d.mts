/** The flags every headless Chromium of the project starts with (scripts/lib/chromium-flags.mjs). */
export declare const CHROMIUM_FLAGS: readonly string[];
