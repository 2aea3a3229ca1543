// A theme module for the `theme` attribute test: a function of the player
// returning CSS text.
export default function theme(player) {
  player.dataset.themed = 'yes';
  return `media-control-bar { background: rgb(10 20 30 / 0.9); } :host { --reel-accent: rgb(255, 0, 128); }`;
}
