/**
 * The pre-rendered landing screen, as the build's manifest and module ids name it: the
 * pre-render (scripts/prerender.mjs) renders it, and the chunk groups (vite.config.ts) keep the
 * signed-in screens' shared code out of its load (decision 028).
 */
export const SIGN_IN_SCREEN = 'src/features/auth/components/sign-in-page.tsx';
