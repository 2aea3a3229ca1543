import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Player, Text } from '@reel/react';

// ?embed= and ?api= pick the video and the Reel server (default: this origin).
const q = new URLSearchParams(location.search);
const embed = q.get('embed') || 'spc01public0001';
const api = q.get('api') || undefined;

function App() {
  const [ended, setEnded] = useState(false);
  return (
    <main style={{ maxWidth: 760, margin: '2rem auto', fontFamily: 'system-ui' }}>
      <h1>Reel in React</h1>
      <Player id="player" embed={embed} api={api} muted color="#61dafb" on={{ ended: () => setEnded(true) }} />
      {ended && <p>Ended.</p>}
      <Text embed={embed} api={api} />
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
