// @reel/react: React components over the Reel custom elements. SSR-safe:
// nothing here touches window at import time; the elements are defined by a
// dynamic import in an effect, on the client only.
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { ForwardedRef, ReactNode, CSSProperties } from 'react';

let defining: Promise<unknown> | null = null;
/** Loads @reel/components once (client only). */
export function defineReelElements(): Promise<unknown> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (!defining) defining = import('@reel/components');
  return defining;
}

type Events = Record<string, ((e: Event) => void) | undefined>;

interface CommonProps {
  className?: string;
  style?: CSSProperties;
  id?: string;
  children?: ReactNode;
  /** event listeners by DOM event name, e.g. { ended: fn, 'reel-error': fn } */
  on?: Events;
  [attr: string]: unknown;
}

function attrName(k: string) {
  return k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

function make<P extends CommonProps>(tag: string, displayName: string) {
  const C = forwardRef<HTMLElement | null, P>(function ReelComponent(props, ref: ForwardedRef<HTMLElement | null>) {
    const el = useRef<HTMLElement | null>(null);
    useImperativeHandle(ref, () => el.current as HTMLElement, []);
    useEffect(() => {
      void defineReelElements();
    }, []);
    const { on, children, className, style, id, ...rest } = props as P;
    useEffect(() => {
      const node = el.current;
      if (!node || !on) return;
      const entries = Object.entries(on).filter(([, fn]) => typeof fn === 'function') as [string, (e: Event) => void][];
      entries.forEach(([type, fn]) => node.addEventListener(type, fn));
      return () => entries.forEach(([type, fn]) => node.removeEventListener(type, fn));
    }, [on]);
    // Attributes only (strings / booleans), so the server renders the same markup.
    const attrs: Record<string, unknown> = { ref: el, class: className, style, id };
    for (const [k, v] of Object.entries(rest)) {
      if (v == null || v === false || typeof v === 'function') continue;
      attrs[attrName(k)] = v === true ? '' : String(v);
    }
    return createElement(tag, attrs, children as ReactNode);
  });
  C.displayName = displayName;
  return C;
}

export interface PlayerProps extends CommonProps {
  embed: string;
  token?: string;
  color?: string;
  theme?: string;
  controls?: string;
  subtitles?: string;
  activeSubtitle?: string;
  autoplay?: boolean;
  muted?: boolean;
  loop?: boolean;
  poster?: string | number;
  quality?: string;
  start?: number;
  metrics?: 'off' | string;
  api?: string;
}
export interface ClipProps extends CommonProps {
  embed: string;
  token?: string;
  fit?: 'cover' | 'contain';
  api?: string;
}
export interface TextProps extends CommonProps {
  embed: string;
  token?: string;
  language?: string;
  player?: string;
  api?: string;
}
export interface AudioProps extends CommonProps {
  embed: string;
  token?: string;
  controls?: string;
  api?: string;
}
export interface UploadProps extends CommonProps {
  token: string;
  endpoint?: string;
  videoTitle?: string;
  collection?: string;
  api?: string;
}
export interface ListProps extends CommonProps {
  token: string;
  collection?: string;
  order?: string;
  player?: string;
  api?: string;
}
export interface FilesProps extends CommonProps {
  embed: string;
  token?: string;
  renditions?: string;
  /** Kinds of files to list: renditions audio subtitles original (default: all). */
  include?: string;
  api?: string;
}

export const Player = make<PlayerProps>('reel-player', 'Player');
export const Clip = make<ClipProps>('reel-clip', 'Clip');
export const Text = make<TextProps>('reel-text', 'Text');
export const Audio = make<AudioProps>('reel-audio', 'Audio');
export const Upload = make<UploadProps>('reel-upload', 'Upload');
export const List = make<ListProps>('reel-list', 'List');
export const Files = make<FilesProps>('reel-files', 'Files');
