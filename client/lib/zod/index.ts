// The browser's `zod` (vite.config.ts aliases the bare import here): zod itself, loaded after its jitless setting.
// ES modules run their imports in order, so jitless-setting.ts runs before zod's own code.
import './jitless-setting';

export * from 'zod/v4';
export { z as default } from 'zod/v4';
