import { createApp, h, ref } from 'vue';
import '@reel/components';

// ?embed= and ?api= pick the video and the Reel server (default: this origin).
const q = new URLSearchParams(location.search);
const embed = q.get('embed') || 'spc01public0001';
const api = q.get('api') || undefined;

createApp({
  setup() {
    const ended = ref(false);
    // Render functions keep the example free of a template compiler; in an
    // SFC, set compilerOptions.isCustomElement = (t) => t.startsWith('reel-').
    return () =>
      h('main', { style: 'max-width:760px;margin:2rem auto;font-family:system-ui' }, [
        h('h1', 'Reel in Vue'),
        h('reel-player', { id: 'player', embed, api, muted: true, color: '#42b883', onEnded: () => (ended.value = true) }),
        ended.value ? h('p', 'Ended.') : null,
        h('reel-text', { embed, api }),
      ]);
  },
}).mount('#app');
