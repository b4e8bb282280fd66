import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      output: {
        // Libraries every screen needs in one long-cached chunk; screens stay in their own chunks.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id))
            return 'vendor-react';
          if (
            /node_modules\/@mantine\/(core|hooks|notifications|modals)\//.test(id) ||
            id.includes('@floating-ui')
          ) {
            return 'vendor-mantine';
          }
          if (/node_modules\/(i18next|react-i18next|@tanstack)\//.test(id)) return 'vendor-data';
          return undefined;
        },
      },
    },
  },
});
