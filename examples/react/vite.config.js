import { defineConfig } from 'vite';

// No React plugin: Vite's esbuild compiles JSX with the automatic runtime.
export default defineConfig({
  base: './',
  esbuild: { jsx: 'automatic' },
  // @reel/react and @reel/components are linked from components/ (file: deps);
  // resolve their imports from this app's node_modules.
  resolve: { dedupe: ['react', 'react-dom'], preserveSymlinks: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
