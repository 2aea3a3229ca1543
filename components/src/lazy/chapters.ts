// The chapters menu and its button (`controls` item `chapters`), part of the
// menus chunk. Both read the chapters from media-chrome's media state
// (`mediaChaptersCues`: the cues of the video's chapters text track, which
// <reel-player> builds from the lookup's `chapters`), so the seek bar's
// chapter segments, its hover preview and this menu always agree.
import { MediaUIAttributes, MediaUIEvents } from 'media-chrome/dist/constants.js';
import { MediaChromeMenu, createMenuItem, createIndicator } from 'media-chrome/dist/menu/media-chrome-menu.js';
import { MediaChromeMenuButton } from 'media-chrome/dist/menu/media-chrome-menu-button.js';
import { formatTime } from '../util.js';

interface Cue {
  text: string;
  startTime: number;
  endTime: number;
}

/** Index of the chapter playing at time t (the last one starting at or before t), or -1. */
function chapterAt(cues: Cue[], t: number): number {
  let at = -1;
  cues.forEach((c, i) => c.startTime <= t + 0.05 && (at = i));
  return at;
}

/**
 * `<reel-chapters-menu>`: one item per chapter (title, start time); the
 * current chapter is checked; a pick (even of the current chapter) seeks to
 * its start. Anchored with `anchor="<id of its button>"`.
 */
export class ReelChaptersMenu extends MediaChromeMenu {
  #cues: Cue[] = [];
  #at = -2;

  static get observedAttributes() {
    return [...super.observedAttributes, MediaUIAttributes.MEDIA_CURRENT_TIME];
  }

  /** Set by media-controller (state `mediaChaptersCues`). */
  get mediaChaptersCues(): Cue[] {
    return this.#cues;
  }
  set mediaChaptersCues(cues: Cue[]) {
    const same = JSON.stringify(cues || []) === JSON.stringify(this.#cues);
    this.#cues = cues || [];
    if (!same) this.#render(true);
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null) {
    super.attributeChangedCallback(name, old, value);
    if (name === MediaUIAttributes.MEDIA_CURRENT_TIME) this.#render(false);
  }

  #render(force: boolean) {
    const at = chapterAt(this.#cues, Number(this.getAttribute(MediaUIAttributes.MEDIA_CURRENT_TIME)) || 0);
    if (!force && at === this.#at) return;
    this.#at = at;
    if (!force) {
      this.items.forEach((item: any, i: number) => (item.checked = i === at));
      return;
    }
    this.defaultSlot.textContent = '';
    this.#cues.forEach((c, i) => {
      const item = createMenuItem({ type: 'radio', text: c.text, value: String(c.startTime), checked: i === at });
      item.prepend(createIndicator(this, 'checked-indicator'));
      const time = document.createElement('span');
      time.slot = 'suffix';
      time.part.add('chapter-time');
      time.textContent = formatTime(c.startTime);
      item.append(time);
      item.setAttribute('aria-label', `${c.text}, ${formatTime(c.startTime)}`);
      this.defaultSlot.append(item);
    });
  }

  handleSelect(event: MouseEvent | KeyboardEvent) {
    const item = event.composedPath().find((el) => (el as Element).getAttribute?.('role') === 'menuitemradio') as
      | (HTMLElement & { value: string })
      | undefined;
    super.handleSelect(event);
    if (!item) return;
    this.dispatchEvent(new CustomEvent(MediaUIEvents.MEDIA_SEEK_REQUEST, { composed: true, bubbles: true, detail: +item.value }));
  }
}

const chaptersIcon = `<svg aria-hidden="true" viewBox="0 0 24 24"><path fill="currentColor" d="M4 6.5h2v2H4zm4 0h12v2H8zm-4 4.5h2v2H4zm4 0h12v2H8zm-4 4.5h2v2H4zm4 0h12v2H8z"/></svg>`;

/** `<reel-chapters-menu-button invoketarget="…">`: opens the chapters menu. */
export class ReelChaptersMenuButton extends MediaChromeMenuButton {
  static getSlotTemplateHTML = () => `<style>:host([aria-expanded="true"]) slot[name=tooltip]{display:none}</style><slot name="icon">${chaptersIcon}</slot>`;
  static getTooltipContentHTML = () => 'Chapters';
  connectedCallback() {
    super.connectedCallback();
    this.setAttribute('aria-label', 'chapters');
  }
}

if (!customElements.get('reel-chapters-menu')) customElements.define('reel-chapters-menu', ReelChaptersMenu);
if (!customElements.get('reel-chapters-menu-button')) customElements.define('reel-chapters-menu-button', ReelChaptersMenuButton);
