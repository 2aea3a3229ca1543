// The lazily loaded hls.js chunk (dist/hls.js): fetched by <reel-player>
// only where the browser cannot play HLS natively.
import Hls from 'hls.js';
export default Hls;
export { Hls };
