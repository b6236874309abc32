// The reference for the page-weight and Lighthouse stages: Vite's React starter (a heading and a counter), built
// and served compressed the same way as the product, measured in the same run so a reader can tell the product
// from the machine.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '0 auto', padding: 32 }}>
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        count is {count}
      </button>
      <p>
        Edit <code>main.jsx</code> and save to test HMR
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
